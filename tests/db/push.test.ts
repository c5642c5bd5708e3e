import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine } from './engines.ts'

// Push on PGlite and PostgreSQL 15: a browser's subscription is its user's alone, renewed by the
// browser that holds its secret, and removed by its owner; the sender (service role) learns whom
// to push to, minus muted kinds and notifications already read; preferences are set by an
// idempotent op and reach the device's copy of the profile; storage reminders are made once.

type User = JwtClaims & { sub: string }

const service: JwtClaims = { role: 'service_role' }
const base64url = (bytes: number) => randomBytes(bytes).toString('base64url')
const subscription = () => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, p256dh: `B${base64url(64)}`, auth: base64url(16) })

interface Deliveries {
  notification: { id: string; kind: string }
  subscriptions: { endpoint: string; locale: string }[]
}

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User

  const save = (caller: User, sub: ReturnType<typeof subscription>, locale = 'es') =>
    db.as(caller)(`select public.save_push_subscription($1, $2, $3, $4)`, [sub.endpoint, sub.p256dh, sub.auth, locale])
  const endpointsOf = async (caller: JwtClaims | null) =>
    (await db.as(caller)<{ endpoint: string }>(`select endpoint from public.push_subscriptions order by endpoint`)).map((row) => row.endpoint)
  const ownerOf = async (endpoint: string) =>
    (await db.owner<{ user_id: string }>(`select user_id from public.push_subscriptions where endpoint = $1`, [endpoint]))[0]?.user_id
  const register = async (customer: User) => {
    const packageId = randomUUID()
    await db.as(admin)(`select public.register_package($1, $2, $3, $4, 'recibido', $5, 2.5, 0.02, null)`, [randomUUID(), packageId, customer.sub, randomUUID(), `PUSH-${randomUUID().slice(0, 8)}`])
    const [notification] = await db.owner<{ id: string }>(`select id from public.notifications where payload->>'package_id' = $1`, [packageId])
    return { packageId, notificationId: notification!.id }
  }
  const deliveries = async (notificationId: string) =>
    (await db.as(service)<{ result: Deliveries }>(`select public.push_deliveries($1) as result`, [notificationId]))[0]!.result
  const setMuted = (caller: User, kinds: string[], opId = randomUUID()) =>
    db.as(caller)<{ result: { push_muted: string[] } }>(`select public.set_push_preferences($1, $2) as result`, [opId, kinds])

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  it("a subscription is its user's alone; saved again by another user on the same browser, it becomes theirs", async () => {
    const [ana, ben] = [await createApiUser(db), await createApiUser(db)]
    const sub = subscription()
    await save(ana, sub)
    await save(ana, sub, 'en')
    expect(await endpointsOf(ana)).toEqual([sub.endpoint])
    expect(await endpointsOf(ben)).toEqual([])
    expect(await endpointsOf(null).catch((error: { code: string }) => error.code)).toBe('42501')

    await save(ben, sub)
    expect(await ownerOf(sub.endpoint)).toBe(ben.sub)
    expect(await endpointsOf(ana)).toEqual([])
  })

  it("an endpoint moves to another user only with its auth secret: knowing it is not enough", async () => {
    const [ana, ben] = [await createApiUser(db), await createApiUser(db)]
    const sub = subscription()
    await save(ana, sub)
    const refusal = await save(ben, { ...sub, auth: base64url(16) }).catch((error: { code: string; hint: string }) => error)
    expect(refusal).toMatchObject({ code: '42501', hint: 'push_endpoint_taken' })
    expect(await ownerOf(sub.endpoint)).toBe(ana.sub)
  })

  it('a user keeps their 10 latest browsers: saving an 11th drops the oldest, and the sender never gets more than 10', async () => {
    const customer = await createApiUser(db)
    const subs = Array.from({ length: 11 }, subscription)
    for (const sub of subs) await save(customer, sub)
    expect(await endpointsOf(customer)).toEqual(subs.slice(1).map((sub) => sub.endpoint).sort())

    const older = Array.from({ length: 2 }, subscription)
    for (const sub of older) {
      await db.owner(`insert into public.push_subscriptions (endpoint, user_id, p256dh, auth, locale, updated_at) values ($1, $2, $3, $4, 'es', now() - interval '1 day')`, [sub.endpoint, customer.sub, sub.p256dh, sub.auth])
    }
    const { notificationId } = await register(customer)
    expect((await deliveries(notificationId)).subscriptions.map((row) => row.endpoint).sort()).toEqual(subs.slice(1).map((sub) => sub.endpoint).sort())
  })

  it('only its owner removes a subscription, and nobody writes the table directly', async () => {
    const [ana, ben] = [await createApiUser(db), await createApiUser(db)]
    const sub = subscription()
    await save(ana, sub)
    await db.as(ben)(`select public.delete_push_subscription($1)`, [sub.endpoint])
    expect(await ownerOf(sub.endpoint)).toBe(ana.sub)
    const forged = await db.attempt(ben, (query) => query(`insert into public.push_subscriptions (endpoint, user_id, p256dh, auth, locale) values ($1, $2, $3, $4, 'es')`, [subscription().endpoint, ben.sub, sub.p256dh, sub.auth]))
    expect(forged).toMatchObject({ ok: false, code: '42501' })

    await db.as(ana)(`select public.delete_push_subscription($1)`, [sub.endpoint])
    expect(await ownerOf(sub.endpoint)).toBeUndefined()
  })

  it('malformed subscriptions are refused: not a URL, keys of the wrong size, an unknown language', async () => {
    const ana = await createApiUser(db)
    const good = subscription()
    for (const bad of [
      { ...good, endpoint: 'javascript:alert(1)' },
      { ...good, p256dh: base64url(16) },
      { ...good, auth: base64url(64) },
    ]) {
      const outcome = await db.attempt(ana, (query) => query(`select public.save_push_subscription($1, $2, $3, 'es')`, [bad.endpoint, bad.p256dh, bad.auth]))
      expect(outcome).toMatchObject({ ok: false, code: '23514' })
    }
    const french = await db.attempt(ana, (query) => query(`select public.save_push_subscription($1, $2, $3, 'fr')`, [good.endpoint, good.p256dh, good.auth]))
    expect(french).toMatchObject({ ok: false, code: '23514' })
  })

  it('the browser renews its subscription without a session by proving the old secret; a wrong secret renews nothing', async () => {
    const ana = await createApiUser(db)
    const old = subscription()
    await save(ana, old, 'en')
    const next = subscription()
    const renew = (auth: string) =>
      db.as(null)<{ renewed: boolean }>(`select public.renew_push_subscription($1, $2, $3, $4, $5) as renewed`, [old.endpoint, auth, next.endpoint, next.p256dh, next.auth])

    expect((await renew(base64url(16)))[0]!.renewed).toBe(false)
    expect(await ownerOf(next.endpoint)).toBeUndefined()
    expect((await renew(old.auth))[0]!.renewed).toBe(true)
    expect(await endpointsOf(ana)).toEqual([next.endpoint])
    const [row] = await db.owner<{ locale: string }>(`select locale from public.push_subscriptions where endpoint = $1`, [next.endpoint])
    expect(row!.locale).toBe('en')
  })

  it("the sender gets a new notification's subscriptions, none for a muted kind or one already read; customers cannot ask", async () => {
    const ana = await createApiUser(db)
    const [phone, laptop] = [subscription(), subscription()]
    await save(ana, phone, 'es')
    await save(ana, laptop, 'en')

    const first = await register(ana)
    const found = await deliveries(first.notificationId)
    expect(found.notification).toMatchObject({ id: first.notificationId, kind: 'package_received' })
    expect(found.subscriptions.map((s) => [s.endpoint, s.locale])).toEqual([
      [phone.endpoint, 'es'],
      [laptop.endpoint, 'en'],
    ])
    const asCustomer = await db.attempt(ana, (query) => query(`select public.push_deliveries($1)`, [first.notificationId]))
    expect(asCustomer).toMatchObject({ ok: false, code: '42501' })

    await db.as(ana)(`select public.mark_notifications_read($1, $2)`, [randomUUID(), [first.notificationId]])
    expect((await deliveries(first.notificationId)).subscriptions).toEqual([])

    await setMuted(ana, ['package_received'])
    const second = await register(ana)
    expect((await deliveries(second.notificationId)).subscriptions).toEqual([])

    await db.as(service)(`select public.forget_push_subscription($1)`, [phone.endpoint])
    expect(await endpointsOf(ana)).toEqual([laptop.endpoint])
  })

  it('preferences: the op sets the whole list (a replay sets it again), unknown kinds are refused, and the profile row carries them', async () => {
    const ana = await createApiUser(db)
    const opId = randomUUID()
    expect((await setMuted(ana, ['storage_ending', 'package_status', 'storage_ending'], opId))[0]!.result.push_muted).toEqual(['package_status', 'storage_ending'])
    await setMuted(ana, ['storage_ending', 'package_status'], opId)
    const unknown = await db.attempt(ana, (query) => query(`select public.set_push_preferences($1, $2)`, [randomUUID(), ['marketing']]))
    expect(unknown).toMatchObject({ ok: false, code: '22023' })

    const [pulled] = await db.as(ana)<{ result: { profiles: { push_muted: string[] }[] } }>(`select public.pull_profiles(null, 10) as result`)
    expect(pulled!.result.profiles).toEqual([expect.objectContaining({ push_muted: ['package_status', 'storage_ending'] })])
  })

  it('storage reminders: 5 days before the last free day and on it, once each, for waiting packages only', async () => {
    const ana = await createApiUser(db)
    const { packageId } = await register(ana)
    const delivered = await register(ana)
    await db.as(admin)(`select public.apply_package_status($1, $2, 'entregado', now(), 1)`, [randomUUID(), delivered.packageId])
    const [{ today }] = (await db.owner<{ today: string }>(`select ((now() at time zone 'America/New_York')::date)::text as today`)) as [{ today: string }]
    const day = (offset: number) => {
      const date = new Date(`${today}T12:00:00Z`)
      date.setUTCDate(date.getUTCDate() + offset)
      return date.toISOString().slice(0, 10)
    }
    const remind = (offset: number) => db.as(service)(`select public.notify_storage_endings($1::date)`, [day(offset)])
    const reminders = () =>
      db.owner<{ kind: string; last_free_day: string }>(
        `select kind, payload->>'last_free_day' as last_free_day from public.notifications where user_id = $1 and kind like 'storage%' order by created_at`,
        [ana.sub],
      )

    await remind(24)
    expect(await reminders()).toEqual([])
    await remind(25)
    await remind(25)
    await remind(30)
    await remind(31)
    expect(await reminders()).toEqual([
      { kind: 'storage_ending', last_free_day: day(30) },
      { kind: 'storage_last_day', last_free_day: day(30) },
    ])
    const [made] = await db.owner<{ package_id: string }>(`select payload->>'package_id' as package_id from public.notifications where user_id = $1 and kind = 'storage_last_day'`, [ana.sub])
    expect(made!.package_id).toBe(packageId)
    expect(await db.attempt(ana, (query) => query(`select public.notify_storage_endings()`))).toMatchObject({ ok: false, code: '42501' })
  })
})
