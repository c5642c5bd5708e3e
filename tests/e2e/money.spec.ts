import { randomUUID } from 'node:crypto'
import { expect, test, withServiceWorker } from './fixtures'
import { asManager, demoAdmin, logInThroughUi, newCustomer, registerPackageFor, shipmentAwaitingApproval, signedIn } from './backend'
import { openCustomer } from './package-tool'
import { waitForServiceWorker } from './service-worker'

// Money on the device: approve → owe → pay through the test checkout → paid → shipped; a desk payment
// recorded offline lands once and the customer sees it live; the statement and a receipt open offline
// after one visit.

/** What the customer owes to start with: an adjustment the admin posts through the API. */
async function owing(customerId: string, cents: number) {
  await asManager(async (manager) => {
    const { error } = await manager.rpc('post_adjustment', { p_op_id: randomUUID(), p_user_id: customerId, p_amount_cents: cents, p_reason: 'Shipment charged by phone' })
    expect(error).toBeNull()
  })
  return signedIn(demoAdmin)
}

test('a cash payment recorded offline at the desk shows pending, lands once, and the customer’s statement updates live', withServiceWorker, async ({ page, browser }) => {
  const customer = await newCustomer('Money Desk')
  const admin = await owing(customer.id, 5000)

  const customerPage = await (await browser.newContext()).newPage()
  await logInThroughUi(customerPage, '/en/login', customer)
  await customerPage.goto('/en/dashboard/account/statement')
  await expect(customerPage.getByTestId('account-balance')).toHaveText('Owed: $50.00')
  await expect(customerPage.getByRole('button', { name: 'Pay $50.00' })).toBeEnabled()

  await logInThroughUi(page, '/admin/login', demoAdmin)
  await waitForServiceWorker(page)
  await openCustomer(page, customer.email)
  const main = page.getByRole('main')
  await expect(main.getByTestId('account-balance')).toHaveText('Owed: $50.00')

  await page.context().setOffline(true)
  await main.getByRole('button', { name: 'Record payment' }).click()
  const dialog = page.getByRole('dialog', { name: 'Record payment' })
  await dialog.getByLabel('Amount in dollars').fill('0')
  await dialog.getByRole('button', { name: 'Record payment' }).click()
  await expect(dialog).toContainText('The amount must be more than zero and at most $100,000.00.')
  await dialog.getByLabel('Amount in dollars').fill('20')
  await dialog.getByLabel('Method').selectOption('cash')
  await dialog.getByLabel('Reference (optional)').fill('Caja 1')
  await dialog.getByRole('button', { name: 'Record payment' }).click()
  await expect(dialog).toBeHidden()
  const pending = main.getByTestId('statement-line').filter({ hasText: 'Pending' })
  await expect(pending).toContainText('Cash · Caja 1')
  await expect(main.getByTestId('account-balance')).toHaveText('Owed: $30.00')

  await page.context().setOffline(false)
  await expect(pending).toHaveCount(0, { timeout: 10_000 })
  await expect(main.getByTestId('statement-line').first()).toContainText('Receipt no.')
  const { data: payments } = await admin.from('account_entries').select('amount_cents, method, reference').eq('user_id', customer.id).eq('kind', 'payment')
  expect(payments).toEqual([{ amount_cents: -2000, method: 'cash', reference: 'Caja 1' }])

  // The customer's open statement, no reload.
  await expect(customerPage.getByTestId('account-balance')).toHaveText('Owed: $30.00', { timeout: 10_000 })
  await expect(customerPage.getByTestId('statement-line').first()).toContainText('Payment')
  await customerPage.context().close()
})

test('the statement and a receipt open offline after one visit, and the receipt says who was paid, how and how much', withServiceWorker, async ({ page }) => {
  const customer = await newCustomer('Money Receipt')
  const admin = await owing(customer.id, 4000)
  const { data: entry, error } = await admin.rpc('record_payment', { p_op_id: randomUUID(), p_user_id: customer.id, p_amount_cents: 4500, p_method: 'zelle', p_reference: 'ZL-2026' })
  expect(error).toBeNull()
  const { id, receipt_number } = entry as { id: string; receipt_number: number }

  await logInThroughUi(page, '/es/login', customer, 'es')
  await waitForServiceWorker(page)
  await page.goto('/es/dashboard/account/statement')
  await expect(page.getByTestId('account-balance')).toHaveText('Saldo a favor: $5.00')
  await expect(page.getByTestId('statement-line')).toHaveCount(2)
  await page.getByRole('link', { name: 'Recibo' }).click()
  await expect(page.getByTestId('receipt')).toContainText(`Recibo n.º ${receipt_number}`)

  await page.context().setOffline(true)
  await page.goto(`/es/dashboard/account/receipts/${id}`)
  const receipt = page.getByTestId('receipt')
  await expect(receipt).toContainText('Casillero Miami')
  await expect(receipt).toContainText('8200 NW 41st St')
  await expect(receipt).toContainText('Zelle')
  await expect(receipt).toContainText('ZL-2026')
  await expect(page.getByTestId('receipt-amount')).toHaveText('$45.00 USD')
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible()

  await page.goto('/es/dashboard/account/statement')
  await expect(page.getByTestId('account-balance')).toHaveText('Saldo a favor: $5.00')
  await expect(page.getByRole('button', { name: 'Para pagar necesitas conexión' })).toBeDisabled()
  await page.getByLabel('Mes').selectOption({ index: 1 })
  await expect(page.getByTestId('statement-line')).toHaveCount(2)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Descargar CSV' }).click()
  expect((await download).suggestedFilename()).toMatch(/^estado-de-cuenta-\d{4}-\d{2}\.csv$/)
})

test('approve the charge, owe it, pay it through the test checkout, and the shipment is paid and ships', async ({ page }) => {
  test.setTimeout(120_000)
  const customer = await newCustomer('Money Checkout')
  const { admin, pkg } = await registerPackageFor(customer.email, { tracking_code: `PAY-${randomUUID().slice(0, 8)}`, weight_kg: 2, volume_m3: 0.001 })
  const client = await signedIn(customer)
  let shipment = await shipmentAwaitingApproval(client, admin, pkg.id, 'Money Checkout')
  const advance = async (status: string, details: Record<string, unknown> | null) =>
    admin.rpc('advance_shipment', { p_op_id: randomUUID(), p_shipment_id: shipment.id, p_status: status, p_base_version: shipment.version, p_changed_at: new Date().toISOString(), p_details: details })

  await logInThroughUi(page, '/en/login', customer)
  await page.goto(`/en/dashboard/shipments/${shipment.id}`)
  await page.getByRole('button', { name: 'Approve final charge' }).click()
  const payment = page.getByTestId('shipment-payment')
  await expect(payment).toContainText('Unpaid: $')
  const owed = /Unpaid: (\$[\d,]+\.\d\d)/.exec((await payment.textContent()) ?? '')![1]!
  const { data: approved } = await admin.from('shipments').select('version, status').eq('id', shipment.id).single()
  expect(approved).toMatchObject({ status: 'approved' })
  shipment = { id: shipment.id, version: approved!.version as number }
  const refused = await advance('shipped', { carrier: 'DHL', tracking: 'DHL-1234' })
  expect(refused.error).toMatchObject({ hint: 'account_owes' })

  await payment.getByRole('link', { name: 'Pay' }).click()
  await expect(page.getByTestId('account-balance')).toHaveText(`Owed: ${owed}`)
  await page.getByRole('button', { name: `Pay ${owed}` }).click()
  await expect(page.getByText(/test mode/i).first()).toBeVisible()
  await page.getByRole('button', { name: new RegExp(`Pay`) }).click()
  await expect(page).toHaveURL(/\/en\/dashboard\/account\/statement\?checkout=success/)
  await expect(page.getByTestId('checkout-return')).toContainText('your payment went through')
  await expect(page.getByTestId('account-balance')).toHaveText('Nothing owed', { timeout: 15_000 })
  await expect(page.getByTestId('statement-line').first()).toContainText('Card (online)')

  await page.goto(`/en/dashboard/shipments/${shipment.id}`)
  await expect(page.getByTestId('shipment-payment')).toHaveText('Paid')
  const shipped = await advance('shipped', { carrier: 'DHL', tracking: 'DHL-1234' })
  expect(shipped.error).toBeNull()
  await expect(page.getByTestId('shipment-status')).toHaveText('Shipped', { timeout: 10_000 })
})
