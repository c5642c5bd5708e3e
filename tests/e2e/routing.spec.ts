import { expect, test } from './fixtures'

const pages = [
  { es: '/es', en: '/en' },
  { es: '/es/como-funciona', en: '/en/how-it-works' },
  { es: '/es/precios', en: '/en/pricing' },
  { es: '/es/rastreo', en: '/en/tracking' },
  { es: '/es/faqs', en: '/en/faqs' },
  { es: '/es/blog', en: '/en/blog' },
  { es: '/es/contacto', en: '/en/contact' },
  { es: '/es/terminos', en: '/en/terms' },
  { es: '/es/privacidad', en: '/en/privacy' },
]

test.describe('every public route in both languages', () => {
  for (const page of pages) {
    for (const lang of ['es', 'en'] as const) {
      test(`${page[lang]} renders in ${lang}`, async ({ page: tab }) => {
        const errors: string[] = []
        tab.on('pageerror', (error) => errors.push(error.message))
        await tab.goto(page[lang])
        await expect(tab.locator('h1')).toHaveCount(1)
        await expect(tab.locator('html')).toHaveAttribute('lang', lang)
        await expect(tab).toHaveTitle(/Casillero Miami/)
        const description = await tab.locator('meta[name="description"]').last().getAttribute('content')
        expect(description?.length).toBeGreaterThan(20)
        expect(errors).toEqual([])
      })
    }
  }

  test('the other language slug works in either language', async ({ page }) => {
    await page.goto('/en/precios')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.goto('/es/pricing')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  test('titles and descriptions follow the language', async ({ page }) => {
    const description = page.locator('meta[name="description"]')
    await page.goto('/es/precios')
    await expect(page).toHaveTitle('Precios · Casillero Miami')
    await expect(description).toHaveAttribute('content', /por libra/)
    await page.goto('/en/pricing')
    await expect(page).toHaveTitle('Pricing · Casillero Miami')
    await expect(description).toHaveAttribute('content', /per-pound/)
  })
})

test.describe('redirects', () => {
  test('/ goes to /es', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/es$/)
  })

  test('an unknown language goes to the saved language', async ({ page }) => {
    await page.goto('/en')
    await page.goto('/fr/whatever')
    await expect(page).toHaveURL(/\/en$/)
  })

  test('an unknown language with no saved one follows the browser', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' })
    const page = await context.newPage()
    await page.goto('/xx')
    await expect(page).toHaveURL(/\/en$/)
    await context.close()
  })

  test('an unknown page shows a not-found page with a way home', async ({ page }) => {
    await page.goto('/en/no-such-page')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click()
    await expect(page).toHaveURL(/\/en$/)
    await page.goto('/es/no-existe')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada')
  })
})

test.describe('header', () => {
  test('the language switch keeps the page and maps the slug', async ({ page }) => {
    await page.goto('/es/precios')
    await page.getByRole('navigation', { name: 'Idioma' }).getByRole('link', { name: 'English' }).click()
    await expect(page).toHaveURL(/\/en\/pricing$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Español' }).click()
    await expect(page).toHaveURL(/\/es\/precios$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  })

  test('links use the current language slug', async ({ page }) => {
    await page.goto('/en')
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/en/pricing')
    await page.goto('/es')
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Precios' })).toHaveAttribute('href', '/es/precios')
  })

  test.describe('in a dark system theme', () => {
    test.use({ colorScheme: 'dark' })

    test('the theme follows the system, toggles and persists', async ({ page }) => {
      await page.goto('/en')
      const html = page.locator('html')
      await expect(html).toHaveClass(/dark/)
      await page.getByRole('button', { name: 'Dark mode' }).click()
      await expect(html).not.toHaveClass(/dark/)
      await page.reload()
      await expect(html).not.toHaveClass(/dark/)
      await page.getByRole('button', { name: 'Dark mode' }).click()
      await expect(html).toHaveClass(/dark/)
      await page.reload()
      await expect(html).toHaveClass(/dark/)
    })
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 800 } })

    test('the mobile menu opens and navigates', async ({ page }) => {
      await page.goto('/en')
      const menu = page.getByRole('button', { name: 'Menu' })
      await expect(menu).toHaveAttribute('aria-expanded', 'false')
      await menu.click()
      await expect(menu).toHaveAttribute('aria-expanded', 'true')
      await page.locator('#mobile-menu').getByRole('link', { name: 'Blog' }).click()
      await expect(page).toHaveURL(/\/en\/blog$/)
      await expect(page.locator('#mobile-menu')).toHaveCount(0)
    })
  })

  test('the footer has quick links including the FAQ, legal links, address and phone', async ({ page }) => {
    await page.goto('/en')
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/en/faqs')
    await expect(footer.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/en/terms')
    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/en/privacy')
    await expect(footer).toContainText('Doral, FL 33166')
    await expect(footer).toContainText('+1 (305) 555-0142')
  })
})
