import { expect, test, withServiceWorker } from './fixtures'
import { logInThroughUi, newCustomer, registerPackageFor, signedIn } from './backend'

// The inbox: what the database tells a customer reaches their bell live, in their language, stays
// readable offline, and is marked read there too, reaching the server once the connection returns.

test('a package registered for a customer reaches their bell live, reads in Spanish, and stays in the inbox offline', withServiceWorker, async ({ page, context }) => {
  const customer = await newCustomer()
  await logInThroughUi(page, '/es/login', customer, 'es')
  const bell = page.getByRole('button', { name: /^Notificaciones/ })
  await expect(bell).toHaveAccessibleName('Notificaciones')

  const tracking = `AVISO${Date.now()}`
  const { admin, pkg } = await registerPackageFor(customer.email, { tracking_code: tracking })
  await expect(bell).toHaveAccessibleName('Notificaciones: 1 sin leer')

  const { error } = await admin.rpc('apply_package_status', { p_op_id: crypto.randomUUID(), p_package_id: pkg.id, p_status: 'transito', p_changed_at: new Date().toISOString(), p_base_version: pkg.version })
  expect(error).toBeNull()
  await expect(bell).toHaveAccessibleName('Notificaciones: 2 sin leer')

  await context.setOffline(true)
  await bell.click()
  const inbox = page.getByRole('dialog', { name: 'Notificaciones' })
  const items = inbox.getByTestId('notification')
  // Newest first.
  await expect(items).toHaveCount(2)
  await expect(items.nth(0)).toContainText(`Paquete ${tracking}: En tránsito`)
  await expect(items.nth(1)).toContainText(`El paquete ${tracking} llegó al almacén`)

  // Marked read offline: at once on the device, on the server once the connection returns, once.
  await inbox.getByRole('button', { name: 'Marcar todas como leídas' }).click()
  await expect(items.and(page.locator('[data-unread="true"]'))).toHaveCount(0)
  await inbox.getByRole('button', { name: 'Cerrar' }).click()
  await expect(inbox).toBeHidden()
  await expect(bell).toHaveAccessibleName('Notificaciones')
  await context.setOffline(false)
  const customerClient = await signedIn(customer)
  await expect
    .poll(async () => {
      const { data } = await customerClient.from('notifications').select('read_at')
      return (data ?? []).map((row) => row.read_at !== null)
    }, { timeout: 30_000 })
    .toEqual([true, true])
  await page.reload()
  await expect(bell).toHaveAccessibleName('Notificaciones')
})

test('a customer with nothing to be told of finds an empty inbox that says what will come', async ({ page }) => {
  const customer = await newCustomer()
  await logInThroughUi(page, '/en/login', customer)
  await page.getByRole('button', { name: 'Notifications', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText('Nothing yet.')
})
