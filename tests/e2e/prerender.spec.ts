import { type Page } from '@playwright/test'
import { expect, test } from './fixtures'

// The e2e build does not set VITE_SITE_URL: canonical and Open Graph URLs use the local default.
const site = 'http://localhost:4173'

const pages = [
  { path: '/es', lang: 'es', other: '/en', heading: 'Compra en EE. UU., recíbelo en casa', title: /Casillero Miami/ },
  { path: '/en/pricing', lang: 'en', other: '/es/precios', heading: 'Pricing', title: 'Pricing · Casillero Miami' },
  { path: '/es/faqs', lang: 'es', other: '/en/faqs', heading: 'Preguntas frecuentes', title: 'Preguntas frecuentes · Casillero Miami' },
  { path: '/en/calculator', lang: 'en', other: '/es/calculadora', heading: 'Shipping calculator', title: 'Shipping calculator · Casillero Miami' },
  { path: '/es/blog/reglas-de-aduana-antes-de-enviar', lang: 'es', other: '/en/blog/customs-rules-before-you-ship', heading: null, title: /aduana.*· Casillero Miami/i },
] as const

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('public pages arrive complete: content, language, title, description, canonical, alternates, cards and structured data', async ({ page }) => {
    for (const { path, lang, other, heading, title } of pages) {
      await page.goto(path)
      const html = page.locator('html')
      await expect(html).toHaveAttribute('lang', lang)
      if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      await expect(page.getByRole('contentinfo')).toContainText('Doral, FL 33166')
      await expect(page).toHaveTitle(title)
      await expect(page.locator('title')).toHaveCount(1)
      const head = (selector: string, attribute = 'content') => page.locator(`head ${selector}`).getAttribute(attribute)
      expect((await head('meta[name="description"]'))!.length).toBeGreaterThan(20)
      expect(await head('link[rel="canonical"]', 'href')).toBe(`${site}${path}`)
      const [es, en] = lang === 'es' ? [path, other] : [other, path]
      expect(await head('link[hreflang="es"]', 'href')).toBe(`${site}${es}`)
      expect(await head('link[hreflang="en"]', 'href')).toBe(`${site}${en}`)
      expect(await head('link[hreflang="x-default"]', 'href')).toBe(`${site}${es}`)
      expect(await head('meta[property="og:url"]')).toBe(`${site}${path}`)
      expect(await head('meta[property="og:title"]')).toBe(await page.title())
      expect(await head('meta[property="og:image"]')).toBe(`${site}/og-image.png`)
      expect(await head('meta[name="twitter:card"]')).toBe('summary_large_image')
      const structured = await page.locator('script[type="application/ld+json"]').allTextContents()
      expect(structured.map((json) => JSON.parse(json)['@type'])).toEqual(path.endsWith('/faqs') ? ['Organization', 'FAQPage'] : path.includes('/blog/') ? ['Organization', 'BlogPosting'] : ['Organization'])
    }
  })

  test('a page on its other slug (SPEC gives each both languages’) arrives complete too, pointing at its canonical URL', async ({ page }) => {
    for (const [path, lang, heading, canonical] of [
      ['/en/precios', 'en', 'Pricing', '/en/pricing'],
      ['/es/pricing', 'es', 'Precios', '/es/precios'],
      ['/en/contacto', 'en', 'Contact', '/en/contact'],
    ] as const) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(`${site}${canonical}`)
    }
  })

  test('the FAQ page describes its ten questions as FAQPage data in its language', async ({ page }) => {
    await page.goto('/en/faqs')
    const [, faq] = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((json) => JSON.parse(json))
    expect(faq.mainEntity).toHaveLength(10)
    expect(faq.mainEntity[0]).toMatchObject({ '@type': 'Question', name: 'How do I get my Miami address?', acceptedAnswer: { '@type': 'Answer' } })
    await expect(page.getByRole('main').locator('button[aria-expanded]')).toHaveCount(10)
  })

  test('account screens keep the plain shell', async ({ page }) => {
    await page.goto('/es/login')
    await expect(page.locator('#root')).toBeEmpty()
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0)
  })

  test('the og image is a 1200×630 PNG', async ({ request }) => {
    const image = await request.get('/og-image.png')
    expect(image.headers()['content-type']).toBe('image/png')
    const png = await image.body()
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
  })
})

/** Keeps each page's first heading as the HTML parser made it, before any script ran, for waitForHydratedHeading. */
function keepPrerenderedHeading(page: Page) {
  return page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const heading = document.querySelector('main :is(h1, h2)')
      if (!heading) return
      ;(window as unknown as { prerenderedHeading: Element }).prerenderedHeading = heading
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  })
}

/** True once React has taken over the page's first heading (hydrated it rather than replaced it). */
async function waitForHydratedHeading(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector('main :is(h1, h2)')
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'))
  })
  return page.evaluate(() => (window as unknown as { prerenderedHeading: Element }).prerenderedHeading === document.querySelector('main :is(h1, h2)'))
}

test('pages hydrate the prerendered HTML, keep its nodes, log no errors and stay interactive', async ({ browser }) => {
  // Dark scheme and a stored language: state only the browser knows must not break hydration.
  const context = await browser.newContext({ colorScheme: 'dark' })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  page.on('pageerror', (error) => errors.push(error.message))
  await keepPrerenderedHeading(page)

  for (const { path } of pages) {
    await page.goto(path)
    expect(await waitForHydratedHeading(page), `${path} kept its heading node`).toBe(true)
  }
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expect(page.getByRole('button', { name: 'Modo oscuro' })).toHaveAttribute('aria-pressed', 'true')

  await page.goto('/es/faqs')
  expect(await waitForHydratedHeading(page)).toBe(true)
  const questions = page.getByRole('main').locator('button[aria-expanded]')
  await questions.first().click()
  await expect(questions.first()).toHaveAttribute('aria-expanded', 'true')

  // The language switch navigates inside the app (no reload): the page object survives.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  await page.getByRole('navigation', { name: 'Idioma' }).getByRole('link', { name: 'EN (English)' }).click()
  await expect(page).toHaveURL(/\/en\/faqs$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions')
  await expect(page).toHaveTitle('Frequently asked questions · Casillero Miami')
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  await expect(page.locator('title')).toHaveCount(1)

  expect(errors).toEqual([])
  await context.close()
})

test('the app starts only once the whole page is parsed, however slowly its end arrives, and then hydrates it', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  // The page's end (the router's hydration data) held behind a script that answers when the test says.
  let releaseParser = () => {}
  const parserHeld = new Promise<void>((resolve) => (releaseParser = resolve))
  await page.route('**/held-parser.js', async (route) => {
    await parserHeld
    await route.fulfill({ contentType: 'text/javascript', body: '' })
  })
  await page.route('**/es/faqs', async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace('<script type="application/json" id="hydration-data">', '<script src="/held-parser.js"></script>$&')
    await route.fulfill({ response, body: html })
  })
  const appRequested: string[] = []
  page.on('request', (request) => /\/assets\/index-[^/]+\.js$/.test(request.url()) && appRequested.push(request.url()))
  await keepPrerenderedHeading(page)

  await page.goto('/es/faqs', { waitUntil: 'commit' })
  // The page has painted (when the loader would start the app) and the loader's next task has run.
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0)
  await page.evaluate(() => new Promise((resolve) => setTimeout(() => setTimeout(resolve))))
  expect(appRequested, 'the app was asked for before the page was parsed').toEqual([])

  releaseParser()
  expect(await waitForHydratedHeading(page), 'the prerendered heading was hydrated, not rendered anew').toBe(true)
  await context.close()
})

test('what a visitor types, chooses and presses before the app has loaded counts once it has, and a form is not sent the browser way', async ({ browser }) => {
  // A page of its own: the fixture's page waits for hydration, and this test acts before it.
  const context = await browser.newContext({ colorScheme: 'light' })
  const page = await context.newPage()
  let letAppLoad = () => {}
  const appHeld = new Promise<void>((resolve) => (letAppLoad = resolve))
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await appHeld
    await route.continue()
  })
  // Not until `load`: once the page has painted, the app's script is on its way, and held here it holds `load` too.
  await page.goto('/en/contact', { waitUntil: 'domcontentloaded' })
  const main = page.getByRole('main')
  await page.getByRole('button', { name: 'Dark mode' }).click()
  await main.getByLabel(/full name/i).fill('Ana Pérez')
  await main.getByLabel(/subject/i).selectOption('tracking')
  await main.getByRole('button', { name: /send/i }).click()
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated')
  await expect(page.locator('html')).not.toHaveClass(/dark/)

  letAppLoad()
  await expect(page.locator('html')).toHaveAttribute('data-hydrated')
  await expect(page.locator('html')).toHaveClass(/dark/)
  // Sent with what was typed and chosen before: only the email and the message are missing.
  await expect(main.locator('[aria-invalid="true"]')).toHaveCount(2)
  await expect(main.getByLabel(/email/i)).toHaveAttribute('aria-invalid', 'true')
  await expect(main.getByLabel(/message/i)).toHaveAttribute('aria-invalid', 'true')
  await expect(main.getByLabel(/full name/i)).toHaveValue('Ana Pérez')
  await expect(main.getByLabel(/subject/i)).toHaveValue('tracking')
  await expect(page).toHaveURL(/\/en\/contact$/)
  await context.close()
})

test('the bare address redirects to the Spanish home page, so its link preview is the home page\'s', async ({ request }) => {
  const response = await request.get('/?utm_source=whatsapp', { maxRedirects: 0 })
  expect(response.status()).toBe(302)
  expect(response.headers()['location']).toBe('/es?utm_source=whatsapp')
  const home = await (await request.get('/')).text()
  expect(home).toContain('<html lang="es">')
  expect(home).toContain(`<meta property="og:url" content="${site}/es"`)
})

test('sitemap.xml lists every public URL in both languages with alternates, and robots.txt points at it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  const locs = [...sitemap.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]!)
  expect(locs).toEqual(expect.arrayContaining([`${site}/es`, `${site}/en`, `${site}/es/precios`, `${site}/en/pricing`, `${site}/es/faqs`, `${site}/en/blog/customs-rules-before-you-ship`, `${site}/es/privacidad`, `${site}/en/tracking`]))
  expect(locs).toHaveLength(new Set(locs).size)
  expect(locs.filter((url) => url.startsWith(`${site}/es`)).length).toBe(locs.filter((url) => url.startsWith(`${site}/en`)).length)
  expect(sitemap).toContain(`<loc>${site}/es/precios</loc>\n    <xhtml:link rel="alternate" hreflang="es" href="${site}/es/precios" />\n    <xhtml:link rel="alternate" hreflang="en" href="${site}/en/pricing" />`)
  expect(locs.some((url) => /login|dashboard|admin/.test(url))).toBe(false)

  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${site}/sitemap.xml`)
  expect(robots).toContain('Disallow: /admin')
})
