import { expect, test, withServiceWorker } from './fixtures'
import { waitForServiceWorker } from './service-worker'

// The site's headers come from scripts/build/security-headers.ts, through dist/_headers, which the
// preview server applies as a static host would.

test('a public page and a hashed asset carry the security headers, and only the asset is cached for good', async ({ request }) => {
  const page = await request.get('/es')
  const policy = page.headers()['content-security-policy'] ?? ''
  expect(policy).toContain("object-src 'none'")
  expect(policy).toContain("frame-ancestors 'none'")
  expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-/)
  expect(policy).not.toContain('unsafe-inline')
  expect(page.headers()).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cache-control': 'no-cache',
  })
  expect(page.headers()['permissions-policy']).toContain('camera=(self)')
  // Over plain HTTP a browser ignores it: only the deployed site sends it.
  expect(page.headers()['strict-transport-security']).toBeUndefined()

  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1]
  expect(entry).toBeDefined()
  const asset = await request.get(entry!)
  expect(asset.headers()).toMatchObject({ 'cache-control': 'public, max-age=31536000, immutable', 'content-security-policy': policy })
  for (const path of ['/sw.js', '/manifest.webmanifest']) expect((await request.get(path)).headers()['cache-control']).toBe('no-cache')
})

test('the violation check sees an inline script smuggled into a page, and the policy refuses it', async ({ page, securityPolicy }) => {
  // As a stored script would arrive: in the HTML, under the site's own headers.
  await page.route('**/es', async (route) => {
    const response = await route.fetch()
    await route.fulfill({ response, body: (await response.text()).replace('</body>', '<script>window.injected = true</script></body>') })
  })
  await page.goto('/es')
  await expect.poll(() => securityPolicy.take().join('\n')).toContain('script-src-elem refused inline')
  expect(await page.evaluate(() => 'injected' in window)).toBe(false)
})

test('a script written into the page by a string is refused by Trusted Types, and the check sees it', async ({ page, securityPolicy }) => {
  await page.goto('/es')
  const written = await page.evaluate(() => {
    try {
      document.body.insertAdjacentHTML('beforeend', '<img src="x" onerror="window.injected = true">')
      return 'written'
    } catch (error) {
      return String(error)
    }
  })
  expect(written).toContain('TrustedHTML')
  await expect.poll(() => securityPolicy.take().join('\n')).toContain('require-trusted-types-for refused')
  expect(await page.evaluate(() => 'injected' in window)).toBe(false)
})

test('the violation check sees what the service worker was refused', withServiceWorker, async ({ page, context, securityPolicy }) => {
  await page.goto('/es')
  await waitForServiceWorker(page)
  const [worker] = context.serviceWorkers()
  await worker!.evaluate(() => fetch('https://example.com/').catch(() => undefined))
  await expect.poll(() => securityPolicy.take().join('\n')).toContain('https://example.com/')
})
