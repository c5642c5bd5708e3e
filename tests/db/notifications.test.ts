import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine } from './engines.ts'

// Notifications on PGlite and PostgreSQL 15: made by the database once per event (a package
// received, with the prealert it matched; a status change; a replayed op tells nothing twice),
// read by their owner only, pulled page by page, and marked read once: everything the device pulled
// (up to its checkpoint), or, for ops of older shapes, everything up to a time, or by ids.

type User = JwtClaims & { sub: string }

interface Notification {
  id: string
  kind: string
  payload: Record<string, unknown>
  created_at: string
  read_at: string | null
  change_xid: string
}

interface Pull {
  notifications: Notification[]
  checkpoint: string | null
  has_more: boolean
}

const freshTracking = () => `NOTE-${randomUUID().slice(0, 13).toUpperCase()}`

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User

  /** The same op id, package id and token make a replay of the same registration. */
  const register = async (customer: User, tracking: string | null, opId = randomUUID(), packageId = randomUUID(), token = randomUUID()) =>
    (
      await db.as(admin)<{ result: { outcome: string } }>(`select public.register_package($1, $2, $3, $4, 'recibido', $5, 2.5, 0.02, null) as result`, [
        opId,
        packageId,
        customer.sub,
        token,
        tracking,
      ])
    )[0]!.result
  const setStatus = async (packageId: string, status: string, baseVersion: number, opId = randomUUID()) =>
    (await db.as(admin)<{ result: { outcome: string } }>(`select public.apply_package_status($1, $2, $3, now(), $4) as result`, [opId, packageId, status, baseVersion]))[0]!.result
  const pull = async (caller: User, since: string | null = null, limit = 1000) =>
    (await db.as(caller)<{ result: Pull }>(`select public.pull_notifications($1, $2) as result`, [since, limit]))[0]!.result
  const markRead = async (caller: User, ids: string[], opId = randomUUID()) =>
    (await db.as(caller)<{ result: { marked: number } }>(`select public.mark_notifications_read($1, $2) as result`, [opId, ids]))[0]!.result
  const markReadUntil = async (caller: User, upTo: string, opId = randomUUID()) =>
    (await db.as(caller)<{ result: { marked: number } }>(`select public.mark_notifications_read_until($1, $2) as result`, [opId, upTo]))[0]!.result
  const markReadThrough = async (caller: User, checkpoint: string, opId = randomUUID()) =>
    (await db.as(caller)<{ result: { marked: number } }>(`select public.mark_notifications_read_through($1, $2) as result`, [opId, checkpoint]))[0]!.result
  const mine = async (caller: User) => (await pull(caller)).notifications
  /** In the order they were made (marking one read moves it to the end of the pull's order). */
  const byTime = (notifications: Notification[]) => [...notifications].sort((a, b) => a.created_at.localeCompare(b.created_at))

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  it('a package received tells its owner once, with the prealert it matched; a replay of the op tells nothing more', async () => {
    const customer = await createApiUser(db)
    const tracking = freshTracking()
    await db.as(customer)(`select public.save_prealert($1, $2, $3, 'Amazon', 'Running shoes', 120, null)`, [randomUUID(), randomUUID(), tracking])
    const opId = randomUUID()
    const packageId = randomUUID()
    const token = randomUUID()
    await register(customer, tracking, opId, packageId, token)
    await register(customer, tracking, opId, packageId, token)

    const notifications = await mine(customer)
    expect(notifications).toHaveLength(1)
    expect(notifications[0]).toMatchObject({
      kind: 'package_received',
      read_at: null,
      payload: { package_id: packageId, tracking_code: tracking, status: 'recibido', prealert: { store: 'Amazon', description: 'Running shoes' } },
    })
  })

  it('each status change tells the owner once; a change superseded by a newer one, or replayed, tells nothing', async () => {
    const customer = await createApiUser(db)
    const packageId = randomUUID()
    await register(customer, null, randomUUID(), packageId)
    const opId = randomUUID()
    expect((await setStatus(packageId, 'transito', 1, opId)).outcome).toBe('applied')
    await setStatus(packageId, 'transito', 1, opId)

    const kinds = (await mine(customer)).map((n) => [n.kind, n.payload.status])
    expect(kinds).toEqual([
      ['package_received', 'recibido'],
      ['package_status', 'transito'],
    ])
    expect((await mine(customer))[0]!.payload).not.toHaveProperty('prealert')
  })

  it('only the owner reads them: not another customer, not through the table, not anonymously', async () => {
    const customer = await createApiUser(db)
    const other = await createApiUser(db)
    await register(customer, freshTracking())
    expect(await mine(other)).toEqual([])
    expect(await db.as(other)(`select id from public.notifications`)).toEqual([])
    expect(await db.as(customer)(`select id from public.notifications`)).toHaveLength(1)
    const written = await db.attempt(customer, (query) => query(`insert into public.notifications (user_id, kind, source) values ($1, 'package_status', 'forged')`, [customer.sub]))
    expect(written).toMatchObject({ ok: false, code: '42501' })
    const anonymous = await db.attempt(null, (query) => query(`select public.pull_notifications(null, 10)`))
    expect(anonymous).toMatchObject({ ok: false, code: '42501' })
  })

  it('marking read marks the caller’s own, once: a replay, or another customer’s ids, change nothing', async () => {
    const customer = await createApiUser(db)
    const other = await createApiUser(db)
    await register(customer, freshTracking())
    await register(customer, freshTracking())
    const ids = (await mine(customer)).map((n) => n.id)
    const before = await pull(customer)

    expect(await markRead(other, ids)).toEqual({ marked: 0 })
    const opId = randomUUID()
    expect(await markRead(customer, [ids[0]!], opId)).toEqual({ marked: 1 })
    expect(await markRead(customer, [ids[0]!], opId)).toEqual({ marked: 0 })

    // The pull from the last checkpoint brings the one marked, read.
    const after = await pull(customer, before.checkpoint)
    expect(after.notifications.map((n) => [n.id, n.read_at !== null])).toEqual([[ids[0], true]])
    expect((await mine(customer)).filter((n) => n.read_at === null).map((n) => n.id)).toEqual([ids[1]])
  })

  it('pages with a checkpoint, every notification once', async () => {
    const customer = await createApiUser(db)
    for (let i = 0; i < 5; i++) await register(customer, freshTracking())
    const seen: string[] = []
    let since: string | null = null
    for (;;) {
      const page: Pull = await pull(customer, since, 2)
      seen.push(...page.notifications.map((n) => n.id))
      since = page.checkpoint
      if (!page.has_more) break
    }
    expect(seen).toHaveLength(5)
    expect(new Set(seen).size).toBe(5)
    expect((await pull(customer, since)).notifications).toEqual([])
  })

  it('marking read up to a time marks the caller’s own made until then, once: one made after stays unread, another customer’s are untouched, a replay changes nothing', async () => {
    const customer = await createApiUser(db)
    const other = await createApiUser(db)
    await register(customer, freshTracking())
    await register(customer, freshTracking())
    await register(other, freshTracking())
    const held = await mine(customer)
    const upTo = held.at(-1)!.created_at
    await register(customer, freshTracking())
    const [first, second, after] = byTime(await mine(customer)).map((n) => n.id)

    const opId = randomUUID()
    expect(await markReadUntil(customer, upTo, opId)).toEqual({ marked: 2 })
    const marked = byTime(await mine(customer))
    expect(marked.map((n) => [n.id, n.read_at !== null])).toEqual([
      [first, true],
      [second, true],
      [after, false],
    ])
    expect((await mine(other)).map((n) => n.read_at)).toEqual([null])

    // A replay answers as the first call did and changes nothing.
    expect(await markReadUntil(customer, upTo, opId)).toEqual({ marked: 2 })
    expect(byTime(await mine(customer))).toEqual(marked)
  })

  it('an op id is one change: sent again with another time, or by another customer, it is refused; the ops are not for the API', async () => {
    const customer = await createApiUser(db)
    const other = await createApiUser(db)
    await register(customer, freshTracking())
    const [held] = await mine(customer)
    const opId = randomUUID()
    expect(await markReadUntil(customer, held!.created_at, opId)).toEqual({ marked: 1 })

    const later = new Date(Date.parse(held!.created_at) + 60_000).toISOString()
    expect(await db.attempt(customer, (query) => query(`select public.mark_notifications_read_until($1, $2)`, [opId, later]))).toMatchObject({ ok: false, code: 'PT409' })
    expect(await db.attempt(other, (query) => query(`select public.mark_notifications_read_until($1, $2)`, [opId, held!.created_at]))).toMatchObject({ ok: false, code: 'PT409' })
    expect(await db.attempt(null, (query) => query(`select public.mark_notifications_read_until($1, $2)`, [randomUUID(), later]))).toMatchObject({ ok: false, code: '42501' })
    expect(await db.attempt(customer, (query) => query(`select public.mark_notifications_read_until($1, null)`, [randomUUID()]))).toMatchObject({ ok: false, code: '22004' })
    expect(await db.attempt(customer, (query) => query(`select * from public.notification_read_ops`))).toMatchObject({ ok: false, code: '42501' })
  })

  it('pulls each notification with its change_xid: a page’s checkpoint is its last row’s', async () => {
    const customer = await createApiUser(db)
    await register(customer, freshTracking())
    await register(customer, freshTracking())
    const page = await pull(customer, null, 1)
    expect(page.notifications).toHaveLength(1)
    const [row] = page.notifications
    expect(row!.change_xid).toMatch(/^\d+$/)
    expect(page.checkpoint).toBe(`${row!.change_xid}:${row!.id}`)
  })

  it('marking read through the pull’s checkpoint marks the caller’s own the pull brought up to there: later ones stay unread, another customer’s are untouched, a replay changes nothing', async () => {
    const customer = await createApiUser(db)
    const other = await createApiUser(db)
    for (let i = 0; i < 3; i++) await register(customer, freshTracking())
    await register(other, freshTracking())
    // The device has pulled two pages of one: the third is past its checkpoint.
    const first = await pull(customer, null, 1)
    const second = await pull(customer, first.checkpoint, 1)
    const [a, b] = [first.notifications[0]!.id, second.notifications[0]!.id]

    const opId = randomUUID()
    expect(await markReadThrough(customer, second.checkpoint!, opId)).toEqual({ marked: 2 })
    const read = async () => Object.fromEntries((await mine(customer)).map((n) => [n.id, n.read_at !== null]))
    const marked = await read()
    expect(Object.values(marked).sort()).toEqual([false, true, true])
    expect([marked[a], marked[b]]).toEqual([true, true])
    expect((await mine(other)).map((n) => n.read_at)).toEqual([null])

    // A replay answers as the first call did and marks nothing, not even one made since.
    await register(customer, freshTracking())
    expect(await markReadThrough(customer, second.checkpoint!, opId)).toEqual({ marked: 2 })
    expect(Object.values(await read()).filter((isRead) => isRead)).toHaveLength(2)
  })

  it('a mark through a checkpoint is one change per op id: another checkpoint or another customer is refused, the same one spelled otherwise is a replay; a malformed one is refused', async () => {
    const customer = await createApiUser(db)
    const other = await createApiUser(db)
    await register(customer, freshTracking())
    const { checkpoint } = await pull(customer)
    const opId = randomUUID()
    expect(await markReadThrough(customer, checkpoint!, opId)).toEqual({ marked: 1 })
    expect(await markReadThrough(customer, checkpoint!.toUpperCase(), opId)).toEqual({ marked: 1 })

    const call = (caller: User | null, args: unknown[]) => db.attempt(caller, (query) => query(`select public.mark_notifications_read_through($1, $2)`, args))
    const [xid, id] = checkpoint!.split(':')
    expect(await call(customer, [opId, `${BigInt(xid!) + 1n}:${id}`])).toMatchObject({ ok: false, code: 'PT409' })
    expect(await call(other, [opId, checkpoint])).toMatchObject({ ok: false, code: 'PT409' })
    // An op id of a mark up to a time is not a mark through a checkpoint, nor the other way round.
    const timeOp = randomUUID()
    await markReadUntil(customer, new Date().toISOString(), timeOp)
    expect(await call(customer, [timeOp, checkpoint])).toMatchObject({ ok: false, code: 'PT409' })
    expect(await db.attempt(customer, (query) => query(`select public.mark_notifications_read_until($1, now())`, [opId]))).toMatchObject({ ok: false, code: 'PT409' })
    expect(await call(null, [randomUUID(), checkpoint])).toMatchObject({ ok: false, code: '42501' })
    expect(await call(customer, [randomUUID(), null])).toMatchObject({ ok: false, code: '22004' })
    for (const malformed of ['', '12', 'x:y', `12:${id}:3`, `-1:${id}`, `12:not-a-uuid`]) expect(await call(customer, [randomUUID(), malformed]), malformed).toMatchObject({ ok: false, code: '22023' })
  })

  it('a notification changes only by being read, once: whoever writes, clearing or moving read_at, or rewriting it, is refused', async () => {
    const customer = await createApiUser(db)
    await register(customer, freshTracking())
    const [notification] = await mine(customer)
    const update = (set: string) => db.attempt('owner', (query) => query(`update public.notifications set ${set} where id = $1`, [notification!.id]))
    expect(await update(`payload = '{"status": "entregado"}'`)).toMatchObject({ ok: false, code: '22023' })
    expect(await update('read_at = now()')).toMatchObject({ ok: true })
    await markRead(customer, [notification!.id])
    expect(await update('read_at = null')).toMatchObject({ ok: false, code: '22023' })
    expect(await update(`read_at = read_at + interval '1 second'`)).toMatchObject({ ok: false, code: '22023' })
  })
})
