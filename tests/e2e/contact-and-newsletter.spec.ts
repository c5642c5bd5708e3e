import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { demoAdmin, logInThroughUi, newCustomer, signedIn, uniqueEmail } from './backend'
import { expect, test } from './fixtures'
import { caughtMail } from './mail'

// The contact form and the newsletter against the real stand-in, its mail sender and its catcher: a
// visitor's message is acknowledged by mail and answered by staff in "Mensajes", the answer mailed;
// a subscription is confirmed by the mailed link and shows in the admin's list and its CSV.

/** Signs the demo admin in, in Spanish, in a page of its own (the visitor's page stays anonymous). */
async function adminPage(page: Page): Promise<Page> {
  const admin = await page.context().browser()!.newPage()
  await admin.addInitScript(() => localStorage.setItem('lang', 'es'))
  await logInThroughUi(admin, '/admin/login', demoAdmin, 'es')
  return admin
}

test('a visitor writes from /es, is acknowledged by mail, and staff answer in Mensajes: the answer is mailed and kept', async ({ page, request }) => {
  const email = uniqueEmail('contacto')
  const body = `¿Cuándo llega mi paquete? ${email}`
  await page.goto('/es/contacto')
  const form = page.getByRole('main')
  await form.getByLabel('Nombre completo').fill('Ana Visitante')
  await form.getByLabel('Correo electrónico').fill(email)
  await form.getByLabel('Asunto').selectOption({ label: 'Rastreo de paquetes' })
  await form.getByLabel('Mensaje').fill(body)
  await form.getByRole('button', { name: 'Enviar mensaje' }).click()
  await expect(page.getByTestId('toast')).toContainText('Mensaje enviado')
  await expect(form.getByLabel('Mensaje')).toHaveValue('')

  const acknowledgement = await caughtMail(request, email, /^Recibimos tu mensaje/)
  expect(acknowledgement.Text).toContain(body)

  const admin = await adminPage(page)
  await admin.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Mensajes', exact: true }).click()
  await admin.getByTestId('contact-message').filter({ hasText: email }).getByRole('link').click()
  await expect(admin.getByText(body)).toBeVisible()
  const answer = `Sale de Miami mañana. ${email}`
  await admin.getByLabel('Respuesta').fill(answer)
  await admin.getByRole('button', { name: 'Enviar respuesta' }).click()
  await expect(admin.getByText('Nuestra respuesta', { exact: false })).toBeVisible()
  await expect(admin.getByText(answer)).toBeVisible()
  await expect(admin.getByText('Respondido', { exact: true })).toBeVisible()

  const answered = await caughtMail(request, email, /^Nuestra respuesta/)
  expect(answered.Text).toContain(answer)

  await admin.getByRole('link', { name: '← Todos los mensajes' }).click()
  await admin.getByLabel('Mostrar').selectOption({ label: 'Respondido' })
  await expect(admin.getByTestId('contact-message').filter({ hasText: email })).toBeVisible()
  await admin.close()
})

test('subscribing to the newsletter mails a link; opening it confirms the subscription, which the admin lists and exports', async ({ page, request }) => {
  const email = uniqueEmail('boletin')
  await page.goto('/es/blog')
  const box = page.locator('section[aria-labelledby="newsletter-heading"]')
  await box.getByLabel('Correo electrónico').fill(email)
  await box.getByRole('button', { name: 'Suscribirme' }).click()
  await expect(box.getByRole('status')).toHaveText(`Ya casi: abre el enlace que enviamos a ${email} para confirmar tu suscripción.`)

  const confirmation = await caughtMail(request, email, /boletín/i)
  const link = /\/es\/newsletter\/confirm\?token=[0-9a-f]{64}/.exec(confirmation.Text)?.[0]
  expect(link).toBeDefined()
  await page.goto(link!)
  await expect(page.getByText('Tu suscripción está confirmada. ¡Gracias!')).toBeVisible()

  const admin = await adminPage(page)
  await admin.getByRole('navigation', { name: 'Secciones de administración' }).getByRole('link', { name: 'Boletín', exact: true }).click()
  await expect(admin.getByTestId('subscriber').filter({ hasText: email })).toContainText('Español')
  const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Descargar CSV' }).click()])
  const csv = readFileSync((await download.path())!, 'utf8')
  expect(csv.split('\r\n')[0]).toBe('\uFEFFCorreo electrónico,Idioma,Confirmado')
  expect(csv).toMatch(new RegExp(`\r\n${email.replace(/[.+]/g, '\\$&')},Español,\\d{4}-`))
  await admin.close()
})

test("a signed-in customer's message is theirs: the dashboard lists it, then the answer staff gave", async ({ page }) => {
  const customer = await newCustomer('Cliente Mensajes')
  await logInThroughUi(page, '/en/login', customer)
  const body = `My box arrived open. ${customer.email}`
  await page.goto('/en/contact')
  const form = page.getByRole('main')
  await form.getByLabel('Full name').fill('Cliente Mensajes')
  await form.getByLabel('Email').fill(customer.email)
  await form.getByLabel('Subject').selectOption({ label: 'Complaint' })
  await form.getByLabel('Message').fill(body)
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByTestId('toast')).toContainText('Message sent')

  await page.goto('/en/dashboard/account')
  await page.getByRole('link', { name: 'My messages: what you wrote to us, and our answers' }).click()
  await expect(page).toHaveURL(/\/en\/dashboard\/messages$/)
  const message = page.getByRole('article').filter({ hasText: body })
  await expect(message).toContainText('Open')

  const admin = await signedIn(demoAdmin)
  const { data, error } = await admin.from('contact_messages').select('id, user_id').eq('email', customer.email)
  expect(error).toBeNull()
  expect(data).toEqual([{ id: expect.any(String), user_id: customer.id }])
  const answered = await admin.rpc('answer_contact_message', { p_id: data![0]!.id, p_answer: 'We are sorry: a new box is on its way.' })
  expect(answered.error).toBeNull()

  await page.reload()
  await expect(message).toContainText('We are sorry: a new box is on its way.')
  await expect(message).toContainText('Answered')
})
