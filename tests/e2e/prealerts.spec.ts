import { randomUUID } from 'node:crypto'
import { expect, test, withServiceWorker } from './fixtures'
import { demoAdmin, logInThroughUi, newCustomer, signedIn } from './backend'

test('a prealert made offline is sent once, matched when the warehouse registers its tracking number, and seen received', withServiceWorker, async ({ browser }) => {
  const customer = await newCustomer('Prealert Test')
  const tracking = `1Z${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`
  const typed = `${tracking.slice(0, 6).toLowerCase()} ${tracking.slice(6)}`

  // The customer announces a purchase with no connection: it shows at once, waiting to be sent.
  const customerPage = await (await browser.newContext()).newPage()
  await logInThroughUi(customerPage, '/en/login', customer)
  const prealerts = customerPage.getByRole('region', { name: 'Prealerts' })
  await expect(prealerts).toContainText('Bought something?')
  await customerPage.context().setOffline(true)
  await prealerts.getByRole('button', { name: 'Announce a package' }).click()
  const dialog = customerPage.getByRole('dialog', { name: 'Announce a package' })
  await dialog.getByRole('button', { name: 'Announce' }).click()
  await expect(dialog.getByLabel('Store')).toBeFocused()
  await expect(dialog.getByText('This field is required.').first()).toBeVisible()
  await dialog.getByLabel('Store').fill('Best Buy')
  await dialog.getByLabel('Tracking number').fill(typed)
  await dialog.getByLabel('Description').fill('Noise-cancelling headphones')
  await dialog.getByLabel('Declared value (USD)').fill('120.5')
  await dialog.getByLabel('Expected date (optional)').fill('2026-12-04')
  await dialog.getByRole('button', { name: 'Announce' }).click()
  await expect(dialog).toBeHidden()
  const item = prealerts.getByTestId('prealert')
  await expect(item).toContainText(tracking)
  await expect(item).toContainText('Declared value: $120.50 · Expected December 4, 2026')
  await expect(item).toContainText('Saved on this device, waiting to be sent.')

  // Back online it is sent, once.
  await customerPage.context().setOffline(false)
  await expect(item).not.toContainText('waiting to be sent', { timeout: 20_000 })
  const admin = await signedIn(demoAdmin)
  const onServer = async () => (await admin.from('prealerts').select('id, state, package_id, store').eq('user_id', customer.id)).data ?? []
  expect(await onServer()).toEqual([expect.objectContaining({ state: 'announced', store: 'Best Buy' })])

  // The warehouse types the tracking number as printed on the label: the tool picks the customer.
  const adminPage = await (await browser.newContext()).newPage()
  await logInThroughUi(adminPage, '/admin/login', demoAdmin)
  await adminPage.goto('/en/admin-panel')
  const main = adminPage.getByRole('main')
  await main.getByLabel('Tracking code').fill(typed.toUpperCase())
  await expect(main.getByTestId('found-customer')).toContainText(customer.email)
  await expect(main.getByTestId('prealert-match')).toContainText('Best Buy — Noise-cancelling headphones, declared $120.50')
  await main.getByLabel('Weight (kg)').fill('0.8')
  await main.getByRole('button', { name: 'Create package' }).click()
  await expect(adminPage.getByTestId('toast').first()).toContainText('Package created.')
  await expect.poll(async () => (await onServer())[0]?.state, { timeout: 20_000 }).toBe('received')

  const [prealert] = await onServer()
  const { data: pkg } = await admin.from('packages').select('user_id, meta').eq('id', prealert!.package_id).single()
  expect(pkg).toMatchObject({ user_id: customer.id, meta: { prealert_id: prealert!.id, store: 'Best Buy', description: 'Noise-cancelling headphones', declared_value_usd: 120.5 } })

  // The customer's open dashboard follows: the prealert is received, with its package.
  await expect(item).toHaveAttribute('data-state', 'received', { timeout: 10_000 })
  await expect(item).toContainText(`At the warehouse as package ${tracking}`)
  await expect(item.getByRole('button', { name: /Edit/ })).toHaveCount(0)
})
