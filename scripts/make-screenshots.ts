// Takes the screenshots the browser's install dialog shows (manifest `screenshots`), from a
// production build with the local backend's demo data. Run again when the home page or the
// dashboard changes:
//   npm run backend                                  (the stand-in with demo data, on :54321)
//   npx vite build --mode standin && npx vite preview --port 4180
//   npx tsx scripts/make-screenshots.ts [app URL, default http://localhost:4180]
import { stat } from 'node:fs/promises'
import { chromium, expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../tests/e2e/chromium'

const appUrl = process.argv[2] ?? 'http://localhost:4180'
const demoCustomer = { email: 'cliente@example.com', password: 'cliente-demo-password' }

// Must match the sizes in public/manifest.webmanifest: viewport × deviceScaleFactor.
const shots: { file: string; context: BrowserContextOptions; show: (page: Page) => Promise<void> }[] = [
  {
    file: 'home-narrow.png',
    context: { viewport: { width: 360, height: 800 }, deviceScaleFactor: 1.5, isMobile: true, hasTouch: true },
    async show(page) {
      await page.goto(`${appUrl}/es`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    },
  },
  {
    file: 'dashboard-wide.png',
    context: { viewport: { width: 1280, height: 800 } },
    async show(page) {
      await page.goto(`${appUrl}/es/login`)
      const main = page.getByRole('main')
      await main.getByLabel('Correo electrónico').fill(demoCustomer.email)
      await main.getByLabel('Contraseña').fill(demoCustomer.password)
      await main.getByRole('button', { name: 'Iniciar sesión' }).click()
      await expect(page).toHaveURL(/\/es\/dashboard$/)
      // The demo customer has one package in each of the six statuses, and a second one at the warehouse.
      await expect(page.getByTestId('package')).toHaveCount(7)
      await expect(page.getByTestId('locker-code')).toBeVisible()
      await page.getByTestId('toast').getByRole('button', { name: 'Cerrar notificación' }).click()
      await expect(page.getByTestId('toast')).toHaveCount(0)
    },
  },
]

async function take(browser: Browser, { file, context, show }: (typeof shots)[number]) {
  // No service worker: an "update available" toast must not end up in the picture.
  const tab = await browser.newContext({ ...context, locale: 'es-ES', colorScheme: 'light', serviceWorkers: 'block' })
  const page = await tab.newPage()
  await show(page)
  await page.waitForLoadState('networkidle')
  const path = `public/screenshots/${file}`
  await page.screenshot({ path })
  console.log(`${path}: ${Math.round((await stat(path)).size / 1024)} KB`)
  await tab.close()
}

const browser = await chromium.launch(chromiumLaunchOptions())
try {
  for (const shot of shots) await take(browser, shot)
} finally {
  await browser.close()
}
