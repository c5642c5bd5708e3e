import type { CDPSession, Page } from '@playwright/test'
import { startPushService, type TestBrowser } from '../support/web-push'
import { anonKey, backendUrl, logInThroughUi, newCustomer, registerPackageFor, signedIn } from './backend'
import { expect, test, withServiceWorker } from './fixtures'
import { waitForServiceWorker } from './service-worker'

// Web Push end to end, as far as headless Chromium goes: it has no push service, so the browser's
// subscription is the test's own (its keys, an endpoint on a push service the test runs on
// loopback, which the backend is allowed to call). The backend encrypts and signs what it sends;
// the test decrypts it with the subscription's keys and hands the plaintext to the real service
// worker through the DevTools protocol, as a push service would, and reads the notification shown.

/** PushManager answers with the test's subscription: what subscribe() was asked for is kept for the test to read. */
function stubPushManager(page: Page, browser: TestBrowser) {
  return page.addInitScript(({ endpoint, keys }) => {
    const stored = 'e2e-push-subscription'
    const subscription = () => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        localStorage.removeItem(stored)
        return true
      },
    })
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      localStorage.setItem(stored, String(options?.applicationServerKey))
      return subscription() as unknown as PushSubscription
    }
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(stored) ? subscription() : null) as unknown as PushSubscription | null
    }
  }, browser.subscription)
}

/** The app's service worker registration, as the DevTools protocol names it, once its worker is activated. */
async function workerRegistration(cdp: CDPSession, origin: string): Promise<string> {
  const scopes = new Map<string, string>()
  const activated = new Set<string>()
  const found = new Promise<string>((resolve) => {
    const check = () => {
      const id = scopes.get(`${origin}/`)
      if (id && activated.has(id)) resolve(id)
    }
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      for (const r of registrations) if (!r.isDeleted) scopes.set(r.scopeURL, r.registrationId)
      check()
    })
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) if (v.status === 'activated') activated.add(v.registrationId)
      check()
    })
  })
  await cdp.send('ServiceWorker.enable')
  return found
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, data }) => ({ title, body, url: (data as { url: string }).url })))

test('a customer turns on push; a package registered for them is pushed encrypted to their browser and shown in Spanish, a tap to open their locker', withServiceWorker, async ({ page, context, baseURL }) => {
  const pushService = await startPushService()
  try {
    const browser = await pushService.newBrowser()
    await stubPushManager(page, browser)
    await context.grantPermissions(['notifications'])
    const customer = await newCustomer()
    await logInThroughUi(page, '/es/login', customer, 'es')
    await page.evaluate(() => navigator.serviceWorker.ready)

    const settings = page.getByRole('region', { name: 'Notificaciones' })
    await settings.getByRole('button', { name: 'Activar las notificaciones en este dispositivo' }).click()
    await expect(settings).toContainText('Las notificaciones están activadas en este dispositivo.')
    const client = await signedIn(customer)
    await expect.poll(async () => (await client.from('push_subscriptions').select('endpoint, locale')).data).toEqual([{ endpoint: browser.subscription.endpoint, locale: 'es' }])
    // The browser subscribed with the backend's own application server key.
    const { publicKey } = (await (await fetch(`${backendUrl}/functions/v1/send-push`, { headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` } })).json()) as { publicKey: string }
    expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBe(publicKey)

    const tracking = `PUSH${Date.now()}`
    await registerPackageFor(customer.email, { tracking_code: tracking })
    const [pushed] = await browser.received(1)
    expect(pushed!.message).toMatchObject({ kind: 'package_received', locale: 'es', payload: { tracking_code: tracking } })

    const origin = new URL(baseURL!).origin
    const cdp = await context.newCDPSession(page)
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await workerRegistration(cdp, origin), data: JSON.stringify(pushed!.message) })
    await expect.poll(() => shownNotifications(page)).toEqual([{ title: `El paquete ${tracking} llegó al almacén`, body: '', url: '/es/dashboard' }])

    // The bell heard it too.
    await expect(page.getByRole('button', { name: 'Notificaciones: 1 sin leer' })).toBeVisible()

    // Turned off: the browser unsubscribes and the backend forgets it.
    await settings.getByRole('button', { name: 'Desactivar las notificaciones en este dispositivo' }).click()
    await expect(settings.getByRole('button', { name: 'Activar las notificaciones en este dispositivo' })).toBeVisible()
    await expect.poll(async () => (await client.from('push_subscriptions').select('endpoint')).data).toEqual([])
  } finally {
    await pushService.close()
  }
})

test('with notifications blocked, turning push on says so in English and saves nothing; the kinds pushed are chosen offline and reach the server', withServiceWorker, async ({ page, context }) => {
  const customer = await newCustomer()
  await logInThroughUi(page, '/en/login', customer)
  const settings = page.getByRole('region', { name: 'Notifications' })
  // Headless Chromium denies a permission the test did not grant, as a user who blocks it would.
  await settings.getByRole('button', { name: 'Turn on notifications on this device' }).click()
  await expect(settings).toContainText('Notifications are blocked for this site in your browser’s settings.')
  const client = await signedIn(customer)
  expect((await client.from('push_subscriptions').select('endpoint')).data).toEqual([])

  // The page reloads offline below: from the service worker, once it controls the page.
  await waitForServiceWorker(page)
  await context.setOffline(true)
  const statusChanges = settings.getByRole('checkbox', { name: 'A package changes status: Push' })
  await expect(statusChanges).toBeChecked()
  await statusChanges.uncheck()
  await expect(statusChanges).not.toBeChecked()
  // The choice shows at once; the reload comes once it is on the device, waiting to be sent.
  await expect(page.getByTestId('outbox-pending')).toHaveText('1')
  await page.reload()
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('checkbox', { name: 'A package changes status: Push' })).not.toBeChecked()
  await context.setOffline(false)
  await expect.poll(async () => (await client.from('profiles').select('push_muted').single()).data?.push_muted, { timeout: 30_000 }).toEqual(['package_status'])
})
