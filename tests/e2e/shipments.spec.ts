import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { payOwed } from '../support/pay-owed'
import { expect, test, withServiceWorker } from './fixtures'
import { demoAdmin, logInThroughUi, newCustomer, registerPackageFor, serviceClient, signedIn } from './backend'
import { waitForServiceWorker } from './service-worker'

const code = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8).toUpperCase()}`

/** A new customer with two packages at the warehouse: 2 kg and 3 kg, small enough that weight, not volume, is billed. */
async function customerWithTwoPackages(name: string) {
  const customer = await newCustomer(name)
  const tracking = [code('SHIP-A'), code('SHIP-B')]
  const { admin, pkg: first } = await registerPackageFor(customer.email, { tracking_code: tracking[0], weight_kg: 2, volume_m3: 0.001 })
  const { pkg: second } = await registerPackageFor(customer.email, { tracking_code: tracking[1], weight_kg: 3, volume_m3: 0.001 })
  return { customer, tracking, admin, packages: [first, second] }
}

/** Fills what the profile does not prefill: the delivery address, and one declaration line. */
async function completeRequest(page: Page, lang: 'en' | 'es' = 'en') {
  const main = page.getByRole('main')
  const label = (en: string, es: string) => main.getByLabel(lang === 'en' ? en : es, { exact: true })
  await label('Delivery address', 'Dirección de entrega').fill('Av. Libertador 100')
  await label('City', 'Ciudad').fill('Caracas')
  await label('Country', 'País').fill('Venezuela')
  await label('Phone', 'Teléfono').fill('+58 212 555 0100')
  await label('Item 1: description', 'Artículo 1: descripción').fill('Running shoes')
  await label('Quantity', 'Cantidad').fill('2')
  await label('Unit value (USD)', 'Valor unitario (USD)').fill('40')
}

test('a shipment asked for offline is sent once, processed through a dropped connection, approved and shipped, every screen following live', withServiceWorker, async ({ browser }) => {
  test.setTimeout(120_000)
  const { customer, tracking, admin, packages } = await customerWithTwoPackages('Envio Completo')

  const customerPage = await (await browser.newContext()).newPage()
  await logInThroughUi(customerPage, '/en/login', customer)
  const shipments = customerPage.getByRole('region', { name: 'Shipments' })
  await expect(shipments.getByRole('link', { name: 'Request a shipment' })).toBeVisible()
  await waitForServiceWorker(customerPage)

  await customerPage.context().setOffline(true)
  await shipments.getByRole('link', { name: 'Request a shipment' }).click()
  const main = customerPage.getByRole('main')
  for (const number of tracking) await expect(main.getByRole('checkbox', { name: new RegExp(number) })).toBeChecked()
  await main.getByRole('button', { name: 'Request shipment' }).click()
  await expect(main.getByLabel('Item 1: description')).toHaveAttribute('aria-invalid', 'true')
  await expect(main.getByText('This field is required.').first()).toBeVisible()
  await completeRequest(customerPage)
  await main.getByLabel('Unit value (USD)').fill('forty')
  await main.getByRole('button', { name: 'Request shipment' }).click()
  await expect(main.getByText('An amount from 0 to 50,000 USD, with at most 2 decimals.')).toBeVisible()
  await main.getByLabel('Unit value (USD)').fill('40')
  // 5 kg = 11.02 lb, billed as 12 lb at Basic's $4.99, plus $5 for consolidating two packages.
  await expect(main.getByTestId('estimate-total')).toHaveText('$64.88')
  await main.getByRole('checkbox', { name: /Insurance/ }).check()
  await expect(main.getByTestId('estimate-total')).toHaveText('$66.48')
  await main.getByRole('button', { name: 'Request shipment' }).click()

  await expect(customerPage).toHaveURL(/\/en\/dashboard\/shipments\/[0-9a-f-]{36}$/)
  const shipmentId = customerPage.url().split('/').at(-1)!
  await expect(customerPage.getByTestId('shipment-status')).toHaveText('Requested')
  await expect(customerPage.getByTestId('shipment-pending')).toBeVisible()
  await customerPage.context().setOffline(false)
  await expect(customerPage.getByTestId('shipment-pending')).toBeHidden()
  const { data: stored } = await admin.from('shipments').select('id, status, estimate_cents, declared_total_cents').eq('user_id', customer.id)
  expect(stored).toEqual([{ id: shipmentId, status: 'requested', estimate_cents: 6648, declared_total_cents: 8000 }])

  // The warehouse finds it by the customer's email and works on it with the Wi-Fi dropping.
  const desk = await (await browser.newContext()).newPage()
  await logInThroughUi(desk, '/admin/login', demoAdmin)
  await waitForServiceWorker(desk)
  await desk.goto('/admin/shipments')
  await desk.getByLabel('Search by locker code, customer or tracking number').fill(customer.email)
  await expect(desk.getByTestId('shipment-row')).toHaveCount(1)
  await desk.getByTestId('shipment-row').getByRole('link').click()
  await expect(desk.getByTestId('shipment-customer')).toContainText(customer.email)
  await desk.getByRole('button', { name: 'Start processing' }).click()
  await expect(desk.getByTestId('outbox-pending')).toHaveText('0')
  await expect(customerPage.getByTestId('shipment-status')).toHaveText('Processing')
  await expect(customerPage.getByTestId('shipment-package').first()).toContainText('Consolidating')

  await desk.context().setOffline(true)
  const next = desk.getByRole('region', { name: 'Next step' })
  await next.getByLabel('Weight (kg)').fill('40')
  await next.getByLabel('Length (cm)').fill('30')
  await next.getByLabel('Width (cm)').fill('20')
  await next.getByLabel('Height (cm)').fill('10')
  await next.getByRole('button', { name: 'Record the box and ask the customer to approve' }).click()
  await expect(next.getByText('More than 0 and at most 32 kg, with at most 2 decimals.')).toBeVisible()
  await next.getByLabel('Weight (kg)').fill('5')
  await expect(next.getByTestId('final-preview-total')).toHaveText('$66.48')
  await next.getByRole('button', { name: 'Record the box and ask the customer to approve' }).click()
  await expect(desk.getByTestId('shipment-status')).toHaveText('Awaiting your approval')
  await expect(desk.getByTestId('outbox-pending')).toHaveText('1')
  await desk.reload()
  await expect(desk.getByTestId('shipment-status')).toHaveText('Awaiting your approval')
  await expect(desk.getByTestId('shipment-pending')).toBeVisible()
  await desk.context().setOffline(false)
  await expect(desk.getByTestId('outbox-pending')).toHaveText('0')
  await expect(desk.getByTestId('final-charge-total')).toHaveText('$66.48')

  // The customer sees the final charge arrive and approves it; the desk hears it and ships.
  await expect(customerPage.getByTestId('final-charge-total')).toHaveText('$66.48')
  await customerPage.getByRole('button', { name: 'Approve final charge' }).click()
  await expect(desk.getByTestId('shipment-status')).toHaveText('Approved')
  // Nothing ships unpaid: the customer pays the charge, as Stripe Checkout's webhook posts it.
  await payOwed(serviceClient(), customer.id)
  await desk.getByLabel('Carrier').fill('DHL Express')
  await desk.getByLabel('Outbound tracking number').fill('jd0146')
  await desk.getByRole('button', { name: 'Ship', exact: true }).click()
  await expect(customerPage.getByTestId('dispatch')).toHaveText('Sent with DHL Express, tracking number JD0146')
  await expect(customerPage.getByTestId('shipment-package').first()).toContainText('In transit')

  const { data: shipped } = await admin.from('shipments').select('status, final_cents, carrier, outbound_tracking').eq('id', shipmentId).single()
  expect(shipped).toEqual({ status: 'shipped', final_cents: 6648, carrier: 'DHL Express', outbound_tracking: 'JD0146' })
  const { data: moved } = await admin.from('packages').select('status').in('id', packages.map((pkg) => pkg.id))
  expect(moved!.map((pkg) => pkg.status)).toEqual(['transito', 'transito'])
  const { count } = await admin.from('shipment_events').select('*', { count: 'exact', head: true }).eq('shipment_id', shipmentId)
  expect(count).toBe(5)
})

test('the customer cancels a requested shipment and can ask again', async ({ page }) => {
  const { customer, admin } = await customerWithTwoPackages('Envio Cancelado')
  await logInThroughUi(page, '/en/login', customer)
  await page.getByRole('region', { name: 'Shipments' }).getByRole('link', { name: 'Request a shipment' }).click()
  await completeRequest(page)
  await page.getByRole('main').getByRole('button', { name: 'Request shipment' }).click()
  await expect(page.getByTestId('shipment-pending')).toBeHidden()
  // Each package says which shipment it travels in, and leads to it.
  await page.getByRole('link', { name: 'Back to my locker' }).click()
  const inShipment = page.getByTestId('package').getByRole('link', { name: 'In a shipment: see it' })
  await expect(inShipment).toHaveCount(2)
  await inShipment.first().click()
  await page.getByRole('button', { name: 'Cancel shipment' }).click()
  await page.getByRole('dialog', { name: 'Cancel this shipment?' }).getByRole('button', { name: 'Cancel shipment' }).click()
  await expect(page.getByTestId('shipment-status')).toHaveText('Cancelled')
  await expect(page.getByRole('button', { name: 'Cancel shipment' })).toBeHidden()
  await expect(async () => {
    const { data } = await admin.from('shipments').select('status').eq('user_id', customer.id)
    expect(data).toEqual([{ status: 'cancelled' }])
  }).toPass()
  await page.getByRole('link', { name: 'Back to my locker' }).click()
  await expect(page.getByRole('region', { name: 'Shipments' }).getByRole('link', { name: 'Request a shipment' })).toBeVisible()
  await expect(inShipment).toHaveCount(0)
})

test('a request the server refuses says why in the customer’s language, and can be discarded', withServiceWorker, async ({ page }) => {
  const { customer, tracking, packages } = await customerWithTwoPackages('Envio Rechazado')
  await logInThroughUi(page, '/es/login', customer, 'es')
  const shipments = page.getByRole('region', { name: 'Envíos' })
  await expect(shipments.getByRole('link', { name: 'Solicitar un envío' })).toBeVisible()
  await waitForServiceWorker(page)

  await page.context().setOffline(true)
  await shipments.getByRole('link', { name: 'Solicitar un envío' }).click()
  await completeRequest(page, 'es')
  await page.getByRole('main').getByRole('button', { name: 'Solicitar envío' }).click()
  await expect(page.getByTestId('shipment-pending')).toBeVisible()
  // Meanwhile the warehouse sends one of the packages on its own.
  const admin = await signedIn(demoAdmin)
  const { error } = await admin.rpc('apply_package_status', { p_op_id: randomUUID(), p_package_id: packages[1]!.id, p_status: 'transito', p_changed_at: new Date().toISOString(), p_base_version: packages[1]!.version })
  expect(error).toBeNull()
  await page.context().setOffline(false)

  const refused = page.getByTestId('shipment-refused')
  // With the shared backend busy (another spec seeding and pulling a thousand packages), the first send can time out
  // (10 s) and the answer come with the retry.
  await expect(refused).toContainText(`Este cambio no fue aceptado: El paquete ${tracking[1]} ya no está en el almacén.`, { timeout: 45_000 })
  await refused.getByRole('button', { name: 'Descartar el cambio' }).click()
  await expect(page.getByText('Este envío no está en este dispositivo')).toBeVisible()
  const { data } = await admin.from('shipments').select('id').eq('user_id', customer.id)
  expect(data).toEqual([])
})

test('a requested shipment changes its packages; a box weighed wrong is weighed again, the customer reads why and approves the new charge', async ({ browser }) => {
  test.setTimeout(120_000)
  const { customer, tracking, admin, packages } = await customerWithTwoPackages('Envio Corregido')
  const added = code('SHIP-C')
  const { pkg: third } = await registerPackageFor(customer.email, { tracking_code: added, weight_kg: 1, volume_m3: 0.001 })

  const customerPage = await (await browser.newContext()).newPage()
  await logInThroughUi(customerPage, '/en/login', customer)
  await customerPage.getByRole('region', { name: 'Shipments' }).getByRole('link', { name: 'Request a shipment' }).click()
  const main = customerPage.getByRole('main')
  await main.getByRole('checkbox', { name: new RegExp(added) }).uncheck()
  await completeRequest(customerPage)
  await main.getByRole('button', { name: 'Request shipment' }).click()
  await expect(customerPage).toHaveURL(/\/en\/dashboard\/shipments\/[0-9a-f-]{36}$/)
  await expect(customerPage.getByTestId('shipment-pending')).toBeHidden()
  const shipmentId = customerPage.url().split('/').at(-1)!
  // 2 + 3 kg = 11.02 lb, billed as 12 lb at $4.99, plus $5 for consolidating.
  await expect(customerPage.getByTestId('estimate-total')).toHaveText('$64.88')

  // The first package stays home, the third comes along: 3 + 1 kg = 8.82 lb, billed as 9 lb.
  await main.getByRole('button', { name: 'Add or remove packages' }).click()
  const choice = main.getByRole('region', { name: 'Packages in this shipment' })
  await choice.getByRole('checkbox', { name: new RegExp(tracking[0]!) }).uncheck()
  await choice.getByRole('checkbox', { name: new RegExp(added) }).check()
  await choice.getByRole('button', { name: 'Save packages' }).click()
  await expect(customerPage.getByTestId('shipment-package')).toHaveCount(2)
  await expect(customerPage.getByTestId('shipment-pending')).toBeHidden()
  await expect(customerPage.getByTestId('estimate-total')).toHaveText('$49.91')
  const { data: held } = await admin.from('packages').select('id, shipment_id').in('id', [packages[0]!.id, packages[1]!.id, third.id])
  expect(Object.fromEntries(held!.map((pkg) => [pkg.id, pkg.shipment_id]))).toEqual({ [packages[0]!.id]: null, [packages[1]!.id]: shipmentId, [third.id]: shipmentId })

  const desk = await (await browser.newContext()).newPage()
  await logInThroughUi(desk, '/admin/login', demoAdmin)
  await desk.goto(`/admin/shipments/${shipmentId}`)
  await desk.getByRole('button', { name: 'Start processing' }).click()
  const next = desk.getByRole('region', { name: 'Next step' })
  const weigh = async (kg: string) => {
    await next.getByLabel('Weight (kg)').fill(kg)
    await next.getByLabel('Length (cm)').fill('30')
    await next.getByLabel('Width (cm)').fill('20')
    await next.getByLabel('Height (cm)').fill('10')
    await next.getByRole('button', { name: 'Record the box and ask the customer to approve' }).click()
  }
  await weigh('5')
  await expect(customerPage.getByTestId('final-charge-total')).toHaveText('$64.88')

  await next.getByRole('button', { name: 'Weigh the box again' }).click()
  await expect(next.getByText('This field is required.')).toBeVisible()
  await next.getByLabel('Why the box is weighed again (the customer reads this)').fill('The scale was not zeroed')
  await next.getByRole('button', { name: 'Weigh the box again' }).click()
  await expect(customerPage.getByTestId('shipment-status')).toHaveText('Processing')
  await expect(customerPage.getByTestId('reweigh-reason')).toContainText('We are weighing your box again: The scale was not zeroed.')
  await expect(customerPage.getByRole('button', { name: 'Approve final charge' })).toBeHidden()

  // 6 kg = 13.23 lb, billed as 14 lb.
  await weigh('6')
  await expect(customerPage.getByTestId('final-charge-total')).toHaveText('$74.86')
  await expect(customerPage.getByTestId('reweigh-reason')).toBeHidden()
  const charges = customerPage.getByTestId('timeline-event').filter({ hasText: 'final charge' })
  await expect(charges).toHaveText([/final charge \$64\.88/, /final charge \$74\.86/])
  await expect(customerPage.getByTestId('timeline-event').filter({ hasText: 'Weighed again: The scale was not zeroed' })).toHaveCount(1)
  await customerPage.getByRole('button', { name: 'Approve final charge' }).click()
  await expect(desk.getByTestId('shipment-status')).toHaveText('Approved')
  const { data: approved } = await admin.from('shipments').select('status, final_cents').eq('id', shipmentId).single()
  expect(approved).toEqual({ status: 'approved', final_cents: 7486 })
})
