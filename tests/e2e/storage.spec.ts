import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures'
import { miamiDayNumber } from '../../src/business-rules/miami-day'
import { logInThroughUi, newCustomer, newManager, registerPackageFor, serviceClient } from './backend'
import { setUpTwoStepInStepUp } from './step-up'

/**
 * Midday in Miami, `days` Miami calendar days before today there (17:00 UTC is noon or 1 pm there):
 * free storage counts Miami days, and `days` times 24 hours across a change of daylight saving time
 * is one calendar day fewer for an hour of the night.
 */
const daysAgo = (days: number) => new Date((miamiDayNumber(new Date()) - days) * 86_400_000 + 17 * 3_600_000).toISOString()

test('a package near the end of its free storage warns the customer, and the admin finds it under storage ending', async ({ browser }) => {
  const customer = await newCustomer('Storage Test')
  const tracking = `STORE-${randomUUID().slice(0, 8)}`
  const { pkg } = await registerPackageFor(customer.email, { tracking_code: tracking })
  // It arrived 27 days ago (only the service role can rewrite history): Basic leaves 3 free days.
  const service = serviceClient()
  const { error: eventError } = await service.from('package_events').update({ changed_at: daysAgo(27) }).eq('package_id', pkg.id)
  expect(eventError).toBeNull()
  // Touching the package makes the change reach local copies (a pull follows row changes, not events).
  const { error } = await service.from('packages').update({ created_at: daysAgo(27) }).eq('id', pkg.id)
  expect(error).toBeNull()

  const customerPage = await (await browser.newContext()).newPage()
  await logInThroughUi(customerPage, '/es/login', customer, 'es')
  await expect(customerPage.getByTestId('plan')).toContainText('Básico')
  await expect(customerPage.getByTestId('package').filter({ hasText: tracking }).getByTestId('storage-countdown')).toHaveText('⚠ Quedan 3 días de almacenaje gratis')

  const adminPage = await (await browser.newContext()).newPage()
  // A manager of the test's own: the plan change asks them to confirm with a code (set up on the spot).
  await logInThroughUi(adminPage, '/admin/login', await newManager())
  await adminPage.goto('/admin/packages')
  const main = adminPage.getByRole('main')
  await main.getByLabel('Status', { exact: true }).selectOption('storage-ending')
  await main.getByLabel('Search by tracking code, locker or customer email').fill(tracking)
  await expect(main.getByTestId('package-row')).toHaveCount(1)
  await expect(main.getByTestId('package-row').getByTestId('storage-countdown')).toHaveText('⚠ 3 free storage days left')

  // On Premium the same package has 33 days left, and leaves the storage-ending list.
  await adminPage.goto('/admin/users')
  await adminPage.getByRole('main').getByLabel('Search by name, email or role').fill(customer.email)
  await adminPage.getByRole('main').getByRole('button', { name: `Edit ${customer.email}` }).click()
  const dialog = adminPage.getByRole('dialog', { name: 'Edit user' })
  await dialog.getByLabel('Plan').selectOption('premium')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await setUpTwoStepInStepUp(adminPage)
  await expect(dialog).toBeHidden()
  // Live: the customer's open dashboard follows the plan change.
  await expect(customerPage.getByTestId('package').filter({ hasText: tracking }).getByTestId('storage-countdown')).toHaveText('Quedan 33 días de almacenaje gratis')
  await expect(customerPage.getByTestId('plan')).toContainText('Premium')
})
