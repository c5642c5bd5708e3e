import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures'
import { demoAdmin, logInThroughUi, newCustomer, signedIn, signUpThroughUi } from './backend'
import { openCustomer } from './package-tool'
import { caughtMail, linksOf } from './mail'

// The mail a customer reads, caught by the stand-in's mail catcher and read through its API (Mailpit's):
// in their language, with links that lead where they say.

test('a password reset asked from /es arrives in Spanish, and its link sets the new password', async ({ page, request }) => {
  const { email } = await signUpThroughUi(page, 'es')
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible()
  await page.goto('/es/forgot')
  const main = page.getByRole('main')
  await main.getByLabel('Correo electrónico').fill(email)
  await main.getByRole('button', { name: 'Enviar enlace' }).click()
  await expect(main).toContainText('Te enviamos un enlace para restablecer.')

  const mail = await caughtMail(request, email, /^Restablece tu contraseña$/)
  expect(mail.Text).toContain('Recibimos una solicitud para restablecer la contraseña de tu casillero.')
  expect(mail.Text).not.toContain('Dejar de recibir')
  const [link] = linksOf(mail)
  expect(link).toMatch(/\/auth\/v1\/verify\?token=[^&]+&type=recovery&redirect_to=/)
  await page.goto(link!)
  await expect(page).toHaveURL(/\/es\/reset-password/)
  await main.getByLabel('Nueva contraseña').fill('nueva-clave-segura')
  await main.getByRole('button', { name: 'Actualizar contraseña' }).click()
  await expect(main).toContainText('¡Listo! Tu contraseña fue actualizada.')
  await expect(page).toHaveURL(/\/es\/login$/)
  const client = await signedIn({ email, password: 'nueva-clave-segura' })
  expect((await client.auth.getUser()).data.user?.email).toBe(email)
})

test('a package registered at the desk is mailed to its customer with its tracking number, the matched pre-alert and a link to their packages', async ({ page, browser, request }) => {
  const customer = await newCustomer()
  const tracking = `MAIL-${randomUUID().slice(0, 8).toUpperCase()}`
  const client = await signedIn(customer)
  const { error } = await client.rpc('save_prealert', { p_op_id: randomUUID(), p_id: randomUUID(), p_tracking_code: tracking, p_store: 'Amazon', p_description: 'Zapatillas', p_declared_value_usd: 80, p_expected_on: null })
  expect(error).toBeNull()

  const desk = await (await browser.newContext()).newPage()
  await logInThroughUi(desk, '/admin/login', demoAdmin)
  await openCustomer(desk, customer.email)
  await desk.getByRole('main').getByLabel('Tracking code').fill(tracking)
  await desk.getByRole('main').getByRole('button', { name: 'Create package' }).click()
  await expect(desk.getByTestId('toast').first()).toContainText('Package created.')

  const mail = await caughtMail(request, customer.email, new RegExp(`^Tu paquete ${tracking} llegó a Miami$`))
  expect(mail.Text).toContain(`Número de rastreo: ${tracking}\nTienda: Amazon\nTu prealerta: Zapatillas`)
  const [link] = linksOf(mail)
  expect(link).toBe(`${test.info().project.use.baseURL}/es/dashboard`)
  await page.goto(link!)
  await expect(page).toHaveURL(/\/es\/login/)
  const main = page.getByRole('main')
  await main.getByLabel('Correo electrónico').fill(customer.email)
  await main.getByLabel('Contraseña').fill(customer.password)
  await main.getByRole('button', { name: 'Iniciar sesión' }).click()
  await expect(page).toHaveURL(/\/es\/dashboard$/)
  await expect(page.getByTestId('package')).toContainText(tracking)
})
