import { expect, test } from '@playwright/test'
import { demoAdmin, registerPackageFor, signedIn, signUpThroughUi } from './backend'
import { caughtHeaders, caughtMail, mailsTo } from './mail'

// One-click unsubscribe, end to end: an arrival's mail is caught with List-Unsubscribe and
// List-Unsubscribe-Post; POSTing its URL as a mail client does (no cookies, no key) turns arrival
// mail off, so the next arrival is not mailed and Account → Notifications shows it off; the mail's
// footer link opens the app's page, which says so in Spanish and undoes it.

test('a mail client turns arrival mail off with one click; the footer page says so and undoes it', async ({ page, browser, request }) => {
  const customer = await signUpThroughUi(page, 'es')
  const admin = await signedIn(demoAdmin)
  const { data: profile } = await admin.from('profiles').select('id').eq('email', customer.email).single().throwOnError()
  const arrivalMailRows = async () => (await admin.from('mail_outbox').select('kind').eq('user_id', profile.id).eq('kind', 'package_received').throwOnError()).data!.length

  await registerPackageFor(customer.email, { tracking_code: 'UNSUB-FIRST' })
  const mail = await caughtMail(request, customer.email, /UNSUB-FIRST/)
  expect(await mailsTo(request, customer.email)).toHaveLength(1)
  const headers = await caughtHeaders(request, mail)
  expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click'])
  const oneClickUrl = /^<(http[^>]+)>$/.exec(headers['List-Unsubscribe']![0]!)![1]!
  expect(new URL(oneClickUrl).pathname).toBe('/functions/v1/unsubscribe')

  // What a mail client sends (RFC 8058): a POST of the form, nothing that says who it is.
  const clicked = await fetch(oneClickUrl, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
  expect(clicked.status).toBe(200)

  // The next arrival queues no mail (the outbox is written in the arrival's own transaction).
  await registerPackageFor(customer.email, { tracking_code: 'UNSUB-SECOND' })
  expect(await arrivalMailRows()).toBe(1)

  await page.goto('/es/dashboard/account')
  const arrivalByMail = page.getByRole('checkbox', { name: 'Llega un paquete al almacén: Correo electrónico' })
  await expect(arrivalByMail).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Llega un paquete al almacén: En la app' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Se recibe un pago (el recibo): Correo electrónico' })).toBeDisabled()

  // The footer's link, opened where nobody is signed in.
  const footer = new URL(/(https?:\/\/\S+\/es\/unsubscribe\?token=\S+)/.exec(mail.Text)![1]!)
  const visitor = await browser.newPage()
  await visitor.goto(`${footer.pathname}${footer.search}`)
  await expect(visitor.getByRole('status')).toHaveText('Ya no recibirás correos sobre la llegada de paquetes.')
  await visitor.getByRole('button', { name: 'Deshacer' }).click()
  await expect(visitor.getByRole('status')).toHaveText('Volverás a recibir correos sobre la llegada de paquetes.')
  await visitor.close()

  await expect(arrivalByMail).toBeChecked()
  await registerPackageFor(customer.email, { tracking_code: 'UNSUB-THIRD' })
  expect(await arrivalMailRows()).toBe(2)
})
