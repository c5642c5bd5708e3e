import { svixHeaders } from '../../supabase/functions/mail-events/svix'
import { LOCAL_RESEND_WEBHOOK_SECRET } from '../../supabase/local/keys'
import { expect, test } from './fixtures'
import { backendUrl, demoAdmin, logInThroughUi, newCustomer } from './backend'
import { openCustomer } from './package-tool'

// A customer's mailbox bounces our mail for good (Resend's webhook, signed): the desk says their mail
// is stopped, the admin finds the address at Mail with the customer's name and lifts it.

test('a hard bounce flags the customer at the desk and lists the address at Mail, where the admin lifts it', async ({ page }) => {
  const customer = await newCustomer('Rebote Pérez')
  const body = JSON.stringify({ type: 'email.bounced', data: { to: [customer.email], bounce: { type: 'Permanent', message: 'mailbox does not exist' } } })
  const bounced = await fetch(`${backendUrl}/functions/v1/mail-events`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(await svixHeaders(LOCAL_RESEND_WEBHOOK_SECRET, `msg_${customer.id}`, body)) }, body })
  expect(bounced.status).toBe(200)

  await logInThroughUi(page, '/admin/login', demoAdmin)
  await openCustomer(page, customer.email)
  const desk = page.getByTestId('found-customer')
  await expect(desk.getByTestId('mail-stopped')).toContainText(`No mail goes to ${customer.email}: their mailbox refused a mail for good`, { timeout: 15_000 })
  await desk.getByRole('link', { name: 'See Mail' }).click()

  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Mail', level: 1 })).toBeVisible()
  const row = main.getByTestId('suppressed-address').filter({ hasText: customer.email })
  await expect(row).toContainText('Rebote Pérez')
  await expect(row).toContainText('Hard bounce')
  await row.getByRole('button', { name: `Lift the suppression of ${customer.email}` }).click()
  await expect(main.getByText(`Mail goes to ${customer.email} again.`)).toBeVisible()
  await expect(main.getByTestId('suppressed-address').filter({ hasText: customer.email })).toHaveCount(0)
  // Lifted for good: the list read again from the server no longer has it.
  await main.getByRole('button', { name: 'Reload' }).click()
  await expect(main.getByText(/^(Every address takes mail\.|Nothing is mailed to these addresses\.)/)).toBeVisible()
  await expect(main.getByTestId('suppressed-address').filter({ hasText: customer.email })).toHaveCount(0)
})
