import { uniqueEmail } from './backend'
import { expect, test } from './fixtures'
import { holdContactSend } from './contact-form'

test('home: hero buttons, six value propositions and eight local store logos', async ({ page }) => {
  const external: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith('http://localhost')) external.push(request.url())
  })
  await page.goto('/en')
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: /create my free mailbox/i }).first()).toHaveAttribute('href', '/en/register')
  await expect(main.getByRole('link', { name: /how it works/i }).first()).toHaveAttribute('href', '/en/how-it-works')
  const logos = main.locator('img[src^="/logos/"]')
  await expect(logos).toHaveCount(8)
  for (const logo of await logos.all()) {
    await logo.scrollIntoViewIfNeeded()
    await expect(logo).toHaveJSProperty('complete', true)
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  }
  expect(external).toEqual([])
})

test('how it works: four steps, then signup in Spanish and register in English', async ({ page }) => {
  await page.goto('/es/como-funciona')
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(4)
  await expect(page.getByRole('main').getByRole('link').last()).toHaveAttribute('href', '/es/signup')
  await page.goto('/en/how-it-works')
  await expect(page.getByRole('main').getByRole('link').last()).toHaveAttribute('href', '/en/register')
})

test('pricing: three plans, the most popular one, add-ons and the note', async ({ page }) => {
  await page.goto('/en/pricing')
  const main = page.getByRole('main')
  await expect(main).toContainText('$4.99')
  await expect(main).toContainText('$3.99')
  await expect(main).toContainText('$2.99')
  await expect(main).toContainText('Most Popular')
  await expect(main).toContainText('$2.00')
  await expect(main).toContainText('2%')
  await expect(main).toContainText('$15.00')
  await expect(main).toContainText(/volumetric/i)
  await expect(main.getByRole('button', { name: /select plan/i })).toHaveCount(3)
})

test('FAQ: ten questions, one open at a time, click toggles, link to contact', async ({ page }) => {
  await page.goto('/en/faqs')
  const questions = page.getByRole('main').locator('button[aria-expanded]')
  await expect(questions).toHaveCount(10)
  await questions.nth(0).click()
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true')
  await questions.nth(3).click()
  await expect(questions.nth(3)).toHaveAttribute('aria-expanded', 'true')
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('main').locator('button[aria-expanded="true"]')).toHaveCount(1)
  await questions.nth(3).click()
  await expect(page.getByRole('main').locator('button[aria-expanded="true"]')).toHaveCount(0)
  await expect(page.getByRole('main').locator('a[href="/en/contact"]').first()).toBeVisible()
})

test('blog: category filters, inline article and back, newsletter subscription', async ({ page }) => {
  await page.goto('/es/blog')
  const main = page.getByRole('main')
  // Other tests publish articles meanwhile: this one looks at the four the site starts with.
  const seeded = ['Cómo comprar en tiendas de EE. UU. con tu dirección de Miami', 'Consolidación: ahorra 60-70% en envíos', 'Reglas de aduana que debes conocer antes de enviar', 'Black Friday y Cyber Monday: tu guía de supervivencia']
  const title = (name: string) => main.getByRole('heading', { level: 2, name, exact: true })
  for (const name of seeded) await expect(title(name)).toBeVisible()
  for (const name of ['Todos', 'Guías de Compra', 'Ahorro', 'Regulaciones', 'Eventos']) {
    await expect(main.getByRole('button', { name, exact: true })).toBeVisible()
  }
  await main.getByRole('button', { name: 'Ahorro', exact: true }).click()
  await expect(main.getByRole('button', { name: 'Ahorro', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(title(seeded[1]!)).toBeVisible()
  await expect(title(seeded[2]!)).toHaveCount(0)
  await main.getByRole('button', { name: 'Todos', exact: true }).click()
  await expect(title(seeded[2]!)).toBeVisible()

  const readCustoms = () => main.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: seeded[2], exact: true }) }).getByRole('button', { name: /leer más/i })
  await readCustoms().click()
  await expect(main.getByRole('article')).toContainText('70 lbs (32 kg)')
  await main.getByRole('button', { name: /volver al blog/i }).click()
  await expect(readCustoms()).toBeFocused()

  const subscriber = uniqueEmail('blog')
  await main.getByRole('textbox', { name: /correo/i }).fill(subscriber)
  await main.getByRole('button', { name: /suscrib/i }).click()
  await expect(main.getByRole('status').filter({ hasText: subscriber })).toContainText('abre el enlace que enviamos')
})

test('contact: required fields with inline errors, then a send that clears the form', async ({ page }) => {
  await page.goto('/en/contact')
  const main = page.getByRole('main')
  const send = main.getByRole('button', { name: /send/i })
  await send.click()
  await expect(main.locator('[aria-invalid="true"]')).toHaveCount(4)

  await main.getByLabel(/full name/i).fill('Ana Pérez')
  await main.getByLabel(/email/i).fill('not-an-email')
  await main.getByLabel(/subject/i).selectOption('tracking')
  await main.getByLabel(/message/i).fill('Where is my package?')
  await send.click()
  await expect(main.locator('[aria-invalid="true"]')).toHaveCount(1)
  await main.getByLabel(/email/i).fill(uniqueEmail('contact'))
  const release = await holdContactSend(page)
  await send.click()
  await expect(send).toBeDisabled()
  release()
  await expect(page.getByTestId('toast')).toBeVisible({ timeout: 4000 })
  await expect(main.getByLabel(/full name/i)).toHaveValue('')
  await expect(main.getByLabel(/message/i)).toHaveValue('')
  await expect(send).toBeEnabled()
})

test('terms and privacy show their last update date in each language', async ({ page }) => {
  await page.goto('/en/terms')
  await expect(page.getByRole('main')).toContainText('September 23, 2025')
  await page.goto('/es/privacidad')
  await expect(page.getByRole('main')).toContainText('23 de septiembre de 2025')
})
