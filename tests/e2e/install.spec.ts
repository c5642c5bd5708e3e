import { devices, type APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'

declare global {
  interface Window {
    installPrompts: number
    offeredBeforeRender: boolean
  }
}

test('the Install app button opens the browser dialog and goes away once the app is installed', async ({ page }) => {
  // Chromium offers installation whenever it likes, possibly before the app has rendered anything.
  await page.addInitScript(() => {
    window.installPrompts = 0
    document.addEventListener('DOMContentLoaded', () => {
      // React marks the element it renders (or hydrates) into with a __reactContainer$… key.
      window.offeredBeforeRender = !Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer'))
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => void window.installPrompts++,
        userChoice: new Promise(() => {}),
      })
      window.dispatchEvent(offer)
    })
  })
  await page.goto('/en')
  const header = page.getByRole('banner')
  await expect(header.getByRole('button', { name: 'Install app' })).toBeVisible()
  expect(await page.evaluate(() => window.offeredBeforeRender)).toBe(true)
  await expect(page.getByRole('region', { name: 'Install the app' })).toHaveCount(0)

  await page.setViewportSize({ width: 390, height: 844 })
  await header.getByRole('button', { name: 'Menu' }).click()
  const inMenu = page.locator('#mobile-menu').getByRole('button', { name: 'Install app' })
  await inMenu.click()
  expect(await page.evaluate(() => window.installPrompts)).toBe(1)
  await expect(inMenu).toBeVisible()

  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')))
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0)
})

test.describe('on iPhone Safari', () => {
  test.use({ userAgent: devices['iPhone 13'].userAgent, viewport: { width: 390, height: 844 }, locale: 'es-ES' })

  test('a tip explains Share → Add to Home Screen until it is closed, also after a reload', async ({ page }) => {
    await page.goto('/es')
    const tip = page.getByRole('region', { name: 'Instala la app' })
    await expect(tip).toContainText('toca Compartir')
    await expect(tip).toContainText('Agregar a inicio')
    await tip.getByRole('button', { name: 'Cerrar la sugerencia de instalación' }).click()
    await expect(tip).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(tip).toHaveCount(0)
  })
})

interface Shortcut {
  name: string
  url: string
}

/** The parts of the manifest under test: where the app starts, and its shortcuts (tracking, then My locker). */
interface Manifest {
  start_url: string
  shortcuts: [Shortcut, Shortcut]
  screenshots: { src: string; sizes: string; form_factor: 'narrow' | 'wide' }[]
}

async function readManifest(request: APIRequestContext): Promise<Manifest> {
  return (await request.get('/manifest.webmanifest')).json()
}

test('the install dialog gets a phone and a desktop screenshot of the sizes the manifest says', async ({ request }) => {
  const { screenshots } = await readManifest(request)
  expect(screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide'])
  for (const { src, sizes } of screenshots) {
    const png = await (await request.get(src)).body()
    // A PNG's width and height are the two 32-bit numbers at bytes 16 and 20.
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(sizes)
  }
})

test.describe('for an English browser', () => {
  test.use({ locale: 'en-US' })

  test('the installed app opens in English, and its shortcuts open tracking and My locker', async ({ page }) => {
    const manifest = await readManifest(page.request)
    await page.goto(manifest.start_url)
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    const chromium = await page.context().newCDPSession(page)
    expect((await chromium.send('Page.getAppManifest')).errors).toEqual([])

    const [tracking, locker] = manifest.shortcuts
    expect(tracking.name).toMatch(/Track a package/)
    await page.goto(tracking.url)
    await expect(page.getByRole('heading', { level: 1, name: 'Track your package' })).toBeVisible()
    await expect(page).toHaveURL(/\/en\/rastreo$/)

    expect(locker.name).toMatch(/My locker/)
    await page.goto(locker.url)
    // Signed out, the dashboard asks to log in first and comes back to it: /dashboard became /en/dashboard.
    await expect(page).toHaveURL(/\/en\/login\?redirectTo=%2Fen%2Fdashboard$/)
  })
})

test.describe('for a Spanish browser', () => {
  test.use({ locale: 'es-ES' })

  test('the installed app opens in Spanish, and the tracking shortcut in Spanish too', async ({ page }) => {
    const manifest = await readManifest(page.request)
    await page.goto(manifest.start_url)
    await expect(page).toHaveURL(/\/es$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await page.goto(manifest.shortcuts[0].url)
    await expect(page.getByRole('heading', { level: 1, name: 'Rastrea tu paquete' })).toBeVisible()
  })
})
