import { expect, test, withServiceWorker } from './fixtures'
import { backendUrl, logInThroughUi, newCustomer, registerPackageFor } from './backend'
import { startDeployableSite } from './deployable-site'
import { waitForServiceWorker } from './service-worker'

test('the manifest makes the app installable', async ({ page, request }) => {
  await page.goto('/es')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  const manifest = await (await request.get(href!)).json()
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/start', scope: '/' })
  expect(manifest.name).toBeTruthy()
  expect(manifest.short_name).toBeTruthy()
  expect(manifest.description).toBeTruthy()
  expect(manifest.theme_color).toMatch(/^#/)
  expect(manifest.background_color).toMatch(/^#/)
  const sizes = manifest.icons.map((icon: { sizes: string; purpose?: string }) => `${icon.sizes} ${icon.purpose ?? 'any'}`)
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))
  for (const icon of manifest.icons) expect((await request.get(icon.src)).ok()).toBe(true)
})

test('the service worker never stores API responses, even after a signed-in session made many', withServiceWorker, async ({ page }) => {
  const customer = await newCustomer('Cache Check')
  await registerPackageFor(customer.email, { tracking_code: `CACHE-${Date.now()}` })
  const apiCalls: string[] = []
  page.on('requestfinished', (request) => {
    if (request.url().startsWith(backendUrl)) apiCalls.push(new URL(request.url()).pathname)
  })
  await page.goto('/en')
  await waitForServiceWorker(page)
  await logInThroughUi(page, '/en/login', customer)
  await expect(page.getByTestId('package')).toHaveCount(1)
  await page.reload()
  await expect(page.getByTestId('package')).toHaveCount(1)
  expect(apiCalls).toEqual(expect.arrayContaining(['/auth/v1/token', '/rest/v1/rpc/pull_packages']))

  const cached = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
    }
    return urls
  })
  expect(cached.map((url) => new URL(url).pathname)).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/logos/amazon.svg']))
  expect(cached.filter((url) => url.startsWith(backendUrl))).toEqual([])
})

test('after one visit, FAQ, blog and pricing reload offline in both languages', withServiceWorker, async ({ page, context }) => {
  await page.goto('/es')
  await waitForServiceWorker(page)
  await context.setOffline(true)

  const visits = [
    { path: '/es/faqs', text: /preguntas frecuentes/i },
    { path: '/en/faqs', text: /frequently asked questions/i },
    { path: '/es/blog', text: /blog/i },
    { path: '/en/blog', text: /blog/i },
    { path: '/es/precios', text: '$4.99' },
    { path: '/en/pricing', text: 'Most Popular' },
  ]
  for (const { path, text } of visits) {
    await page.goto(path)
    await page.reload()
    await expect(page.getByRole('main')).toContainText(text)
    await expect(page.getByTestId('offline-indicator')).toBeVisible()
  }
  await page.goto('/en/faqs')
  await page.getByRole('main').locator('button[aria-expanded]').first().click()
  await expect(page.getByRole('main').locator('button[aria-expanded="true"]')).toHaveCount(1)
})

test('offline, a prerendered page answers its own URL with its own HTML; other in-app URLs get the shell', withServiceWorker, async ({ page, context }) => {
  await page.goto('/en')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  // Only the prerendered pricing page has a canonical link and hydration data: the shell has neither.
  const html = await page.evaluate(async () => (await fetch('/es/precios', { headers: { accept: 'text/html' } })).text())
  expect(html).toContain('<link rel="canonical" href="http://localhost:4173/es/precios" />')
  expect(html).toMatch(/<h1[^>]*>Precios<\/h1>/)
  await page.goto('/es/precios')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost:4173/es/precios')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Precios')
  expect(await page.evaluate(() => document.getElementById('hydration-data') !== null)).toBe(true)

  await page.goto('/es/login')
  expect(await page.evaluate(() => document.getElementById('hydration-data') !== null)).toBe(false)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0)
})

test('a new version deployed while a page is open is offered when the tab comes back to the front, and reloading brings it in', withServiceWorker, async ({ page, context, baseURL }) => {
  // Two installs of the service worker, each checking the whole precache.
  test.setTimeout(60_000)
  const site = await startDeployableSite(baseURL!)
  try {
    await page.goto(`${site.url}/es`)
    await waitForServiceWorker(page)
    // A first install takes the page over at once: nothing to offer.
    const toast = page.getByTestId('toast')
    await expect(toast).toHaveCount(0)

    site.deploy()
    // The installing version, not the installed one restarting after idling.
    const newVersion = context.waitForEvent('serviceworker', {
      predicate: async (worker) => (await worker.evaluate(() => (globalThis as unknown as WorkerScope).serviceWorker.state)) !== 'activated',
      timeout: 20_000,
    })
    await page.evaluate(() => {
      // The tab goes to the background and comes back to the front, as a desk tab left open does.
      window.stillTheSamePage = true
      for (const state of ['hidden', 'visible'] as const) {
        Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
        document.dispatchEvent(new Event('visibilitychange'))
      }
    })
    const worker = await newVersion

    // Installing the new version checks the whole precache again: a real wait on a slow machine.
    await expect(toast).toContainText('Hay una nueva versión disponible', { timeout: 20_000 })
    expect(await page.evaluate(() => window.stillTheSamePage)).toBe(true)

    const reloaded = page.waitForEvent('load', { timeout: 20_000 })
    await toast.getByRole('button', { name: 'Recargar para actualizar' }).click()
    await reloaded
    expect(await page.evaluate(() => window.stillTheSamePage)).toBeUndefined()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // The new version controls the reloaded page, and nothing waits behind it any more.
    await expect
      .poll(() => worker.evaluate(async () => (await (globalThis as unknown as WorkerScope).clients.matchAll()).map((client) => client.url)), { timeout: 15_000 })
      .toContain(page.url())
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false)
    await expect(toast).toHaveCount(0)
  } finally {
    await site.stop()
  }
})

/** What the test asks of a service worker's global scope (the tests are not compiled with the webworker lib). */
interface WorkerScope {
  serviceWorker: { state: string }
  clients: { matchAll: () => Promise<{ url: string }[]> }
}

declare global {
  interface Window {
    stillTheSamePage?: boolean
  }
}
