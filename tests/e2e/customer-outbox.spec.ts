import { randomUUID } from 'node:crypto'
import { expect, test, withServiceWorker } from './fixtures'
import { backendUrl, logInThroughUi, newCustomer, registerPackageFor, signedIn } from './backend'
import { waitForServiceWorker } from './service-worker'

// A customer's way out for changes that did not reach the server: they see each one, why it is
// waiting or was turned down (in their language), and send it again or discard it; a discarded
// change leaves the screen as the server has it, and nothing else waits behind it.

test('the server down for a while: marking read waits, says so in Spanish, and lands once; discarded offline, the inbox is as the server has it', withServiceWorker, async ({ page, context }) => {
  const customer = await newCustomer()
  await registerPackageFor(customer.email, { tracking_code: `ESPERA${Date.now()}` })
  await logInThroughUi(page, '/es/login', customer, 'es')
  const bell = page.getByRole('button', { name: /^Notificaciones/ })
  await expect(bell).toHaveAccessibleName('Notificaciones: 1 sin leer')
  const client = await signedIn(customer)
  const readOnServer = async () => ((await client.from('notifications').select('read_at')).data ?? []).map((row) => row.read_at !== null)

  // The backend answers 503 to the mark, as a gateway does while it restarts.
  let calls = 0
  await context.route(`${backendUrl}/rest/v1/rpc/mark_notifications_read_through`, (route) => {
    calls++
    return route.fulfill({ status: 503, body: 'Service Unavailable' })
  })
  await bell.click()
  const inbox = page.getByRole('dialog', { name: 'Notificaciones' })
  await inbox.getByRole('button', { name: 'Marcar todas como leídas' }).click()
  await inbox.getByRole('button', { name: 'Cerrar' }).click()
  await expect(bell).toHaveAccessibleName('Notificaciones')

  await page.getByRole('button', { name: 'Cambios sin enviar: 1 pendientes' }).click()
  const outbox = page.getByRole('dialog', { name: 'Cambios sin enviar' })
  const entry = outbox.getByTestId('outbox-entry')
  await expect(entry).toContainText('Notificaciones marcadas como leídas')
  await expect(entry).toContainText(/Esperando al servidor \(intento [3-9]\)/, { timeout: 20_000 })
  await context.unroute(`${backendUrl}/rest/v1/rpc/mark_notifications_read_through`)
  await expect(outbox).toContainText('Todo está en el servidor.', { timeout: 20_000 })
  expect(await readOnServer()).toEqual([true])
  expect(calls).toBeGreaterThanOrEqual(3)
  await outbox.getByRole('button', { name: 'Cerrar' }).click()
  await expect(page.getByTestId('outbox-button')).toHaveCount(0)

  // A new notification, marked read offline, then the mark discarded: unread again, as on the server.
  await registerPackageFor(customer.email, { tracking_code: `OTRO${Date.now()}` })
  await expect(bell).toHaveAccessibleName('Notificaciones: 1 sin leer')
  await context.setOffline(true)
  await bell.click()
  await inbox.getByRole('button', { name: 'Marcar todas como leídas' }).click()
  await inbox.getByRole('button', { name: 'Cerrar' }).click()
  await expect(bell).toHaveAccessibleName('Notificaciones')
  await page.getByTestId('outbox-button').click()
  await expect(entry).toContainText('Esperando para enviarse.')
  await entry.getByRole('button', { name: 'Descartar: Notificaciones marcadas como leídas' }).click()
  await expect(outbox).toContainText('Todo está en el servidor.')
  await outbox.getByRole('button', { name: 'Cerrar' }).click()
  await expect(bell).toHaveAccessibleName('Notificaciones: 1 sin leer')
  await context.setOffline(false)
  await page.reload()
  await expect(bell).toHaveAccessibleName('Notificaciones: 1 sin leer')
  expect((await readOnServer()).sort()).toEqual([false, true])
})

test('a change the server turns down says why, holds nothing else back, and once discarded is gone from the screen', withServiceWorker, async ({ page, context }) => {
  const customer = await newCustomer('Outbox Test')
  const tracking = `1Z${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`
  await logInThroughUi(page, '/en/login', customer)
  const prealerts = page.getByRole('region', { name: 'Prealerts' })
  await expect(prealerts).toContainText('Bought something?')

  // Offline, the customer announces a purchase and stops one kind of notification from being pushed…
  await context.setOffline(true)
  await prealerts.getByRole('button', { name: 'Announce a package' }).click()
  const dialog = page.getByRole('dialog', { name: 'Announce a package' })
  await dialog.getByLabel('Store').fill('Best Buy')
  await dialog.getByLabel('Tracking number').fill(tracking)
  await dialog.getByLabel('Description').fill('Headphones')
  await dialog.getByLabel('Declared value (USD)').fill('80')
  await dialog.getByRole('button', { name: 'Announce' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('region', { name: 'Notifications' }).getByLabel('A package changes status: Push').uncheck()
  await expect(page.getByRole('button', { name: 'Unsent changes: 2 pending' })).toBeVisible()
  // …while, from another device, the same tracking number was announced already.
  const client = await signedIn(customer)
  const { error } = await client.rpc('save_prealert', { p_op_id: randomUUID(), p_id: randomUUID(), p_tracking_code: tracking, p_store: 'Amazon', p_description: 'Same box', p_declared_value_usd: 80, p_expected_on: null })
  expect(error).toBeNull()
  await context.setOffline(false)

  // The preference reaches the server; the prealert is turned down, and the dashboard says so.
  const notice = page.getByRole('alert').filter({ hasText: 'did not reach the server' })
  await expect(notice).toContainText('1 change did not reach the server: it was not accepted.', { timeout: 20_000 })
  await expect.poll(async () => (await client.from('profiles').select('push_muted').eq('id', customer.id).single()).data?.push_muted).toEqual(['package_status'])
  await notice.getByRole('button', { name: 'See why' }).click()
  const outbox = page.getByRole('dialog', { name: 'Unsent changes' })
  const entry = outbox.getByTestId('outbox-entry')
  await expect(entry).toHaveCount(1)
  await expect(entry).toContainText(`New prealert Best Buy · ${tracking}`)
  await expect(entry).toContainText('The server refused this change: You already announced a package with this tracking number.')

  await entry.getByRole('button', { name: `Discard: New prealert Best Buy · ${tracking}` }).click()
  await expect(outbox).toContainText('Everything is on the server.')
  await outbox.getByRole('button', { name: 'Close' }).click()
  await expect(notice).toHaveCount(0)
  // What the server has: the other device's prealert, and nothing of the discarded one.
  await expect(prealerts.getByTestId('prealert')).toHaveCount(1)
  await expect(prealerts.getByTestId('prealert')).toContainText('Amazon')
})

test('with no page open, the service worker rides out a backend answering 503 more often than one try survives, and the change lands', withServiceWorker, async ({ page, context, baseURL }) => {
  const customer = await newCustomer()
  await registerPackageFor(customer.email, { tracking_code: `TRABAJADOR${Date.now()}` })
  await logInThroughUi(page, '/en/login', customer)
  await waitForServiceWorker(page)
  const bell = page.getByRole('button', { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName('Notifications: 1 unread')
  await context.setOffline(true)
  await bell.click()
  await page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: 'Mark all as read' }).click()
  await expect(page.getByRole('button', { name: 'Unsent changes: 1 pending' })).toBeVisible()
  await page.close()

  // The first answers are 503s, more of them than one try of a sync event would survive.
  let unavailable = 4
  await context.route(`${backendUrl}/rest/v1/rpc/mark_notifications_read_through`, (route) => (unavailable-- > 0 ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue()))
  await context.setOffline(false)
  // Whether the browser fires the sync event on reconnecting or DevTools does, the worker sends.
  const blank = await context.newPage()
  const cdp = await context.newCDPSession(blank)
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) => cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => resolve(registrations)))
  await cdp.send('ServiceWorker.enable')
  const origin = new URL(baseURL!).origin
  const registration = (await registrations).find((entry) => entry.scopeURL.startsWith(origin))!
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: registration.registrationId, tag: 'outbox', lastChance: false })

  const client = await signedIn(customer)
  await expect.poll(async () => ((await client.from('notifications').select('read_at')).data ?? []).map((row) => row.read_at !== null), { timeout: 30_000 }).toEqual([true])
  expect(unavailable).toBeLessThan(0)
})
