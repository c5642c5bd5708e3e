import { randomUUID } from 'node:crypto'
import { getEventListeners } from 'node:events'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import webPush from 'web-push'
import { businessInfo } from '../../src/components/business-info'
import { isAllowedPushEndpoint } from '../../supabase/functions/send-push/allowed-endpoint.ts'
import { DEFAULT_VAPID_SUBJECT } from '../../supabase/functions/send-push/config.ts'
import { deliverNotification, MAX_SUBSCRIPTIONS_PER_NOTIFICATION } from '../../supabase/functions/send-push/deliver-notification.ts'
import { sendPushHandler } from '../../supabase/functions/send-push/handler.ts'
import { retryDelayMs } from '../../supabase/functions/send-push/retry-policy.ts'
import { SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import type { StandIn } from '../../supabase/local/server'
import { startPushService, verifyVapid, type PushService, type ReceivedPush, type TestBrowser } from '../support/web-push'
import { demoAdmin, newClient, signedIn, startTestStandIn, uniqueEmail } from './helpers'

// send-push, the Edge Function's code as the stand-in runs it: a notification the database makes
// reaches a browser's push service (a real HTTP server on loopback here), encrypted for that
// browser and signed with VAPID, as tests/support/web-push.ts checks with Web Crypto alone.

describe('the push endpoint allow-list', () => {
  const extra = ['127.0.0.1']

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://android.googleapis.com/gcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGx2',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'http://127.0.0.1:8080/push/1',
    'https://127.0.0.1/push/1',
  ])('calls %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, extra)).toBe(true)
  })

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/fcm/send/abc',
    'https://xfcm.googleapis.com/fcm/send/abc',
    'https://evilpush.apple.com/QGx2',
    'https://push.apple.com.evil.example/QGx2',
    'https://evil.example/?https://fcm.googleapis.com/',
    'https://fcm.googleapis.com@evil.example/fcm/send/abc',
    'https://user:secret@fcm.googleapis.com/fcm/send/abc',
    'http://localhost:8080/push/1',
    'http://127.0.0.2/push/1',
    'ftp://127.0.0.1/push/1',
    'not a url',
  ])('never calls %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, extra)).toBe(false)
  })

  it('adds no host unless PUSH_ENDPOINT_HOSTS names it', () => {
    expect(isAllowedPushEndpoint('http://127.0.0.1:8080/push/1', [])).toBe(false)
  })
})

describe('retry delays', () => {
  const policy = { attempts: 3, baseDelayMs: 100, maxDelayMs: 1000 }

  it('double from the base, up to the cap', () => {
    expect([1, 2, 3, 5].map((attempt) => retryDelayMs(policy, attempt, null))).toEqual([100, 200, 400, 1000])
  })

  it('follow Retry-After, in seconds or as a date, up to the cap', () => {
    const now = Date.parse('2026-11-28T12:00:00Z')
    expect(retryDelayMs(policy, 1, '0', now)).toBe(0)
    expect(retryDelayMs(policy, 1, ' 1 ', now)).toBe(1000)
    expect(retryDelayMs(policy, 1, '120', now)).toBe(1000)
    expect(retryDelayMs(policy, 1, 'Sat, 28 Nov 2026 11:59:00 GMT', now)).toBe(0)
    expect(retryDelayMs({ ...policy, maxDelayMs: 60_000 }, 1, 'Sat, 28 Nov 2026 12:00:30 GMT', now)).toBe(30_000)
    expect(retryDelayMs(policy, 2, 'soon', now)).toBe(200)
  })
})

it('one notification goes to at most 10 browsers, however many the database lists', async () => {
  const subscriptions = Array.from({ length: 25 }, (_, n) => ({ endpoint: `https://not-a-push-service.example/${n}`, p256dh: 'key', auth: 'secret', locale: 'es' }))
  const notification = { id: randomUUID(), kind: 'package_received', payload: {}, created_at: new Date().toISOString() }
  vi.stubGlobal('fetch', async () => Response.json({ notification, subscriptions }))
  try {
    const config = { supabaseUrl: 'http://db.test', serviceRoleKey: 'service', vapid: { publicKey: '', privateKey: '', subject: DEFAULT_VAPID_SUBJECT }, extraPushHosts: [] }
    const summary = await deliverNotification(notification.id, config, { policy: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 }, log: () => {} })
    expect(MAX_SUBSCRIPTIONS_PER_NOTIFICATION).toBe(10)
    expect(summary).toEqual({ sent: 0, forgotten: 0, skipped: 10, failed: 0 })
  } finally {
    vi.unstubAllGlobals()
  }
})

it('the default VAPID subject is the business’s contact address', () => {
  expect(DEFAULT_VAPID_SUBJECT).toBe(`mailto:${businessInfo.email}`)
})

describe('send-push on the stand-in', () => {
  let standIn: StandIn
  let admin: SupabaseClient
  let pushService: PushService
  const hostsBefore = process.env.PUSH_ENDPOINT_HOSTS

  beforeAll(async () => {
    process.env.PUSH_ENDPOINT_HOSTS = '127.0.0.1'
    pushService = await startPushService()
    // Retries are quick here; the test waits for what arrives, not for how long a retry waits.
    standIn = await startTestStandIn({ pushRetry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 20 } })
    admin = await signedIn(standIn.url, demoAdmin)
  })

  afterAll(async () => {
    await standIn?.close()
    await pushService?.close()
    if (hostsBefore === undefined) delete process.env.PUSH_ENDPOINT_HOSTS
    else process.env.PUSH_ENDPOINT_HOSTS = hostsBefore
  })

  const sendPushUrl = () => `${standIn.url}/functions/v1/send-push`
  const insertEvent = (notificationId: string) => ({ type: 'INSERT', table: 'notifications', schema: 'public', record: { id: notificationId }, old_record: null })

  /** A new customer, signed in, with a profile of their own. */
  async function newCustomer(url = standIn.url): Promise<{ id: string; client: SupabaseClient }> {
    const client = newClient(url)
    const { data, error } = await client.auth.signUp({ email: uniqueEmail('push'), password: 'push-test-password' })
    if (error || !data.user || !data.session) throw error ?? new Error('signUp gave no session')
    return { id: data.user.id, client }
  }

  /** A browser of `customer`'s that said yes to push, with its subscription saved. */
  async function subscribe(customer: SupabaseClient, endpoint?: string, locale = 'es'): Promise<TestBrowser> {
    const browser = await pushService.newBrowser(endpoint)
    const { endpoint: saved, keys } = browser.subscription
    await customer.rpc('save_push_subscription', { p_endpoint: saved, p_p256dh: keys.p256dh, p_auth: keys.auth, p_locale: locale }).throwOnError()
    return browser
  }

  async function registerPackage(customerId: string, by = admin): Promise<{ packageId: string; trackingCode: string }> {
    const packageId = randomUUID()
    const trackingCode = `PUSH-${randomUUID().slice(0, 8).toUpperCase()}`
    await by
      .rpc('register_package', { p_op_id: randomUUID(), p_package_id: packageId, p_user_id: customerId, p_public_token: randomUUID(), p_status: 'recibido', p_tracking_code: trackingCode })
      .throwOnError()
    return { packageId, trackingCode }
  }

  /** Moves a package registered a moment ago (version 1) on to `status`. */
  async function movePackage(packageId: string, status: string): Promise<void> {
    const { data } = await admin.rpc('apply_package_status', { p_op_id: randomUUID(), p_package_id: packageId, p_status: status, p_changed_at: null, p_base_version: 1 }).throwOnError()
    expect(data).toMatchObject({ outcome: 'applied' })
  }

  async function notificationOf(packageId: string, kind: string): Promise<string> {
    const { rows } = await standIn.db.query<{ id: string }>(`select id from public.notifications where payload->>'package_id' = $1 and kind = $2`, [packageId, kind])
    expect(rows).toHaveLength(1)
    return rows[0]!.id
  }

  /** Waits until `browser` was sent the notification `id` `count` times; resolves to those pushes. */
  async function pushed(browser: TestBrowser, id: string, count = 1): Promise<ReceivedPush[]> {
    return eventually(`${count} push(es) of ${id}`, async () => {
      const found = (await browser.pushes()).filter(({ message }) => message.id === id)
      return found.length >= count ? found : undefined
    })
  }

  it('GET gives the VAPID public key, with the anon key, to the app’s origin', async () => {
    const appOrigin = 'http://localhost:5173'
    const response = await fetch(sendPushUrl(), { headers: { apikey: SUPABASE_LOCAL_ANON_KEY, Authorization: `Bearer ${SUPABASE_LOCAL_ANON_KEY}`, Origin: appOrigin } })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(appOrigin)
    const { publicKey } = (await response.json()) as { publicKey: string }
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65)
    expect((await fetch(sendPushUrl())).status).toBe(401)
  })

  it('POST sends only for the service role key, and only for a new notification', async () => {
    const { id } = await newCustomer()
    const { packageId } = await registerPackage(id)
    const insert = insertEvent(await notificationOf(packageId, 'package_received'))
    const post = (authorization: string | undefined, event: unknown = insert) =>
      fetch(sendPushUrl(), {
        method: 'POST',
        headers: { apikey: SUPABASE_LOCAL_ANON_KEY, 'Content-Type': 'application/json', ...(authorization && { Authorization: authorization }) },
        body: JSON.stringify(event),
      })
    const service = `Bearer ${SUPABASE_LOCAL_SERVICE_ROLE_KEY}`

    expect((await post(undefined)).status).toBe(401)
    expect((await post(`Bearer ${SUPABASE_LOCAL_ANON_KEY}`)).status).toBe(401)
    expect((await post(`${service}x`)).status).toBe(401)
    const accepted = await post(service)
    expect(accepted.status).toBe(200)
    // This customer has no browser subscribed.
    expect(await accepted.json()).toEqual({ sent: 0, forgotten: 0, skipped: 0, failed: 0 })
    expect(await (await post(service, { ...insert, type: 'UPDATE' })).json()).toEqual({ ignored: true })
    expect(await (await post(service, { ...insert, table: 'packages' })).json()).toEqual({ ignored: true })
    expect((await post(service, { ...insert, record: { id: 'not-a-uuid' } })).status).toBe(400)
  })

  it('a package the admin registers reaches the customer’s browser, encrypted for it and signed with VAPID', async () => {
    const customer = await newCustomer()
    const browser = await subscribe(customer.client, undefined, 'en')
    const { packageId, trackingCode } = await registerPackage(customer.id)
    const notificationId = await notificationOf(packageId, 'package_received')

    const [{ message, headers }] = (await pushed(browser, notificationId)) as [ReceivedPush]
    expect(message).toMatchObject({ id: notificationId, kind: 'package_received', locale: 'en', payload: { package_id: packageId, tracking_code: trackingCode, status: 'recibido' } })
    expect(Object.keys(message).sort()).toEqual(['created_at', 'id', 'kind', 'locale', 'payload'])
    expect(Number.isNaN(Date.parse(message.created_at))).toBe(false)
    expect(headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: '86400',
      urgency: 'normal',
      topic: packageId.replaceAll('-', ''),
    })

    const { publicKey } = (await (await fetch(sendPushUrl(), { headers: { apikey: SUPABASE_LOCAL_ANON_KEY, Authorization: `Bearer ${SUPABASE_LOCAL_ANON_KEY}` } })).json()) as { publicKey: string }
    const vapid = await verifyVapid(headers.authorization ?? '')
    expect(vapid.publicKey).toBe(publicKey)
    expect(vapid.claims.aud).toBe(pushService.origin)
    expect(vapid.claims.sub).toBe(process.env.VAPID_SUBJECT || DEFAULT_VAPID_SUBJECT)
    const now = Date.now() / 1000
    expect(vapid.claims.exp).toBeGreaterThan(now)
    expect(vapid.claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60)
  })

  it('an endpoint its push service says is gone (410) is forgotten', async () => {
    const customer = await newCustomer()
    const browser = await subscribe(customer.client)
    browser.refuseNext(410)
    const { packageId } = await registerPackage(customer.id)

    await pushed(browser, await notificationOf(packageId, 'package_received'))
    await eventually('the subscription removed', async () => {
      const { data } = await customer.client.from('push_subscriptions').select('endpoint').eq('endpoint', browser.subscription.endpoint).throwOnError()
      return data.length === 0 || undefined
    })
  })

  it('a push service that answers 429 or 503 gets the push again, and takes it once', async () => {
    const customer = await newCustomer()
    const [busy, failing] = [await subscribe(customer.client), await subscribe(customer.client)]
    busy.refuseNext(429)
    failing.refuseNext(503, { 'Retry-After': '1' })
    const { packageId } = await registerPackage(customer.id)
    const notificationId = await notificationOf(packageId, 'package_received')
    for (const browser of [busy, failing]) await pushed(browser, notificationId, 2)

    // The stand-in's webhook sends one notification at a time: once the next one has arrived, the
    // first one's tries are over.
    await movePackage(packageId, 'transito')
    const nextId = await notificationOf(packageId, 'package_status')
    for (const [browser, refusal] of [[busy, 429], [failing, 503]] as const) {
      await pushed(browser, nextId)
      const first = (await browser.pushes()).filter(({ message }) => message.id === notificationId)
      expect(first.map(({ status }) => status)).toEqual([refusal, 201])
    }
  })

  it('endpoints off the push services are never called', async () => {
    const customer = await newCustomer()
    const allowed = await subscribe(customer.client)
    const localhost = await subscribe(customer.client, `${pushService.origin.replace('127.0.0.1', 'localhost')}/push/${randomUUID()}`)
    await subscribe(customer.client, `https://push.example.com/${randomUUID()}`)
    await subscribe(customer.client, `https://fcm.googleapis.com.evil.example/fcm/send/${randomUUID()}`)
    const { packageId } = await registerPackage(customer.id)
    const notificationId = await notificationOf(packageId, 'package_received')
    await pushed(allowed, notificationId)

    // The webhook's own answer is not seen from here: the same notification, posted as it posts it.
    const response = await fetch(sendPushUrl(), {
      method: 'POST',
      headers: { apikey: SUPABASE_LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${SUPABASE_LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(insertEvent(notificationId)),
    })
    expect(await response.json()).toEqual({ sent: 1, forgotten: 0, skipped: 3, failed: 0 })
    expect(await localhost.pushes()).toEqual([])
  })

  it("a customer whose push service hangs never holds up another customer's push", async () => {
    // A push service that takes requests and never answers: each attempt waits out its 10 s.
    const held: Socket[] = []
    const hanging = createServer((request) => held.push(request.socket))
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve))
    try {
      const stuck = await newCustomer()
      await subscribe(stuck.client, `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/push/${randomUUID()}`)
      await registerPackage(stuck.id)
      await eventually('the hanging push service asked', async () => (held.length > 0 ? true : undefined))

      const other = await newCustomer()
      const browser = await subscribe(other.client)
      const { packageId } = await registerPackage(other.id)
      await pushed(browser, await notificationOf(packageId, 'package_received'))
    } finally {
      hanging.closeAllConnections()
      await new Promise((resolve) => hanging.close(resolve))
    }
  })

  it('a kind the customer muted is not pushed', async () => {
    const customer = await newCustomer()
    await customer.client.rpc('set_push_preferences', { p_op_id: randomUUID(), p_push_muted: ['package_received'] }).throwOnError()
    const browser = await subscribe(customer.client)
    const { packageId } = await registerPackage(customer.id)
    await movePackage(packageId, 'transito')
    const nextId = await notificationOf(packageId, 'package_status')

    // Sent one at a time, in order: the muted one was handled before this one arrived.
    await pushed(browser, nextId)
    expect((await browser.pushes()).map(({ message }) => message.kind)).toEqual(['package_status'])
  })

  it('a handler that lives as long as its process leaves nothing behind on its closing signal, however many notifications it sends', async () => {
    const customer = await newCustomer()
    const browser = await subscribe(customer.client)
    const { packageId } = await registerPackage(customer.id)
    const notificationId = await notificationOf(packageId, 'package_received')
    await pushed(browser, notificationId)
    const keys = webPush.generateVAPIDKeys()
    const env: Record<string, string> = {
      SUPABASE_URL: standIn.url,
      SUPABASE_SERVICE_ROLE_KEY: SUPABASE_LOCAL_SERVICE_ROLE_KEY,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      PUSH_ENDPOINT_HOSTS: '127.0.0.1',
    }
    const closing = new AbortController()
    const send = sendPushHandler((name) => env[name], { signal: closing.signal, log: () => {} })
    for (let i = 0; i < 20; i++) {
      const response = await send(new Request(sendPushUrl(), { method: 'POST', headers: { Authorization: `Bearer ${SUPABASE_LOCAL_SERVICE_ROLE_KEY}` }, body: JSON.stringify(insertEvent(notificationId)) }))
      expect(await response.json()).toEqual({ sent: 1, forgotten: 0, skipped: 0, failed: 0 })
    }
    await pushed(browser, notificationId, 21)
    expect(getEventListeners(closing.signal, 'abort')).toHaveLength(0)
  })

  it('closing the stand-in cancels a push under way', async () => {
    const silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const arrived = new Promise<Socket>((resolve) => silent.once('request', (incoming: IncomingMessage) => resolve(incoming.socket)))
    // The default retry policy: without the cancel, close() would wait out three 10 s tries.
    const closing = await startTestStandIn()
    try {
      const customer = await newCustomer(closing.url)
      await subscribe(customer.client, `http://127.0.0.1:${(silent.address() as AddressInfo).port}/push/${randomUUID()}`)
      await registerPackage(customer.id, await signedIn(closing.url, demoAdmin))

      const socket = await arrived
      const hungUp = new Promise((resolve) => socket.once('close', resolve))
      await closing.close()
      await hungUp
    } finally {
      await closing.close()
      silent.closeAllConnections()
      await new Promise((resolve) => silent.close(resolve))
    }
  })
})

/** Polls `check` until it gives something, for up to 10 s. */
async function eventually<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const found = await check()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
