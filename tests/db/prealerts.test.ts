import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { type Caller, createApiUser, engines, type Engine } from './engines.ts'
import { type Cluster, beginAs, queryAs, startCluster, waitUntilBlocked } from './postgres-cluster.ts'

// Prealerts on PGlite and PostgreSQL 15: who reads them, save_prealert and cancel_prealert
// (normalised, limited, exactly once per op), pull_prealerts' pages, and register_package
// matching a customer's announced prealert exactly once. Then, on PostgreSQL 15 only (PGlite
// has one connection), the same rules with transactions that overlap.

type User = JwtClaims & { sub: string }

interface Prealert {
  id: string
  user_id: string
  tracking_code: string
  store: string
  description: string
  declared_value_usd: number
  expected_on: string | null
  state: 'announced' | 'received' | 'cancelled'
  package_id: string | null
  version: number
  created_at: string
  updated_at: string
}

interface Fields {
  tracking: string | null
  store: string | null
  description: string | null
  value: number | string | null
  expectedOn: string | null
}

interface Pull {
  prealerts: Prealert[]
  checkpoint: string | null
  has_more: boolean
}

const conflictOf = (opId: string) => ({ ok: false, code: 'PT409', message: `operation ${opId} was already recorded for a different change` })
const notFound = { ok: false, code: 'PT404', message: 'Prealert not found' }
const unchangeable = { ok: false, code: 'PT409', message: 'This prealert can no longer be changed' }
const duplicate = { ok: false, code: 'PT409', message: 'A package with this tracking number is already announced' }
const invalid = (message: string) => ({ ok: false, code: '22023', message })

/** A tracking number no other test uses: 6 + 12 characters. */
const freshTracking = () => `TEST-${randomUUID().slice(0, 13).toUpperCase()}`

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User
  let customer: User
  let other: User

  const saveSql = `select public.save_prealert($1, $2, $3, $4, $5, $6, $7::date) as result`
  const fields = (overrides: Partial<Fields> = {}): Fields => ({
    tracking: freshTracking(),
    store: 'Amazon',
    description: 'Running shoes',
    value: 120.5,
    expectedOn: '2026-12-01',
    ...overrides,
  })
  const saveParams = (opId: string, id: string, f: Fields) => [opId, id, f.tracking, f.store, f.description, f.value, f.expectedOn]

  /** Commits. */
  const save = async (caller: User, id: string, f: Fields, opId = randomUUID()) =>
    (await db.as(caller)<{ result: Prealert }>(saveSql, saveParams(opId, id, f)))[0]!.result
  /** Rolls back; errors come back as outcomes. */
  const trySave = (caller: Caller, id: string, f: Fields, opId = randomUUID()) =>
    db.attempt(caller, async (query) => (await query<{ result: Prealert }>(saveSql, saveParams(opId, id, f)))[0]!.result)
  /** A new prealert of this caller's, committed. */
  const announce = (caller: User, overrides: Partial<Fields> = {}) => save(caller, randomUUID(), fields(overrides))

  const cancelSql = `select public.cancel_prealert($1, $2) as result`
  const cancel = async (caller: User, id: string, opId = randomUUID()) =>
    (await db.as(caller)<{ result: Prealert }>(cancelSql, [opId, id]))[0]!.result
  const tryCancel = (caller: Caller, id: string, opId = randomUUID()) =>
    db.attempt(caller, async (query) => (await query<{ result: Prealert }>(cancelSql, [opId, id]))[0]!.result)

  const pull = async (caller: User, since: string | null, limit: number | null = 1000) =>
    (await db.as(caller)<{ result: Pull }>(`select public.pull_prealerts($1, $2) as result`, [since, limit]))[0]!.result

  /** As the owner, with numbers and dates as text. */
  const stored = async (id: string) =>
    (
      await db.owner<{ state: string; version: number; package_id: string | null; tracking_code: string; store: string; value: string }>(
        `select state, version::int, package_id, tracking_code, store, declared_value_usd::text as value from public.prealerts where id = $1`,
        [id],
      )
    )[0]
  const opCount = async (opId: string) => (await db.owner<{ n: number }>(`select count(*)::int as n from public.prealert_ops where op_id = $1`, [opId]))[0]!.n

  const registerSql = `select public.register_package($1, $2, $3, $4, 'recibido', $5, 2.5, 0.02, $6) as result`
  interface Registration {
    opId: string
    packageId: string
    userId: string
    token: string
    tracking: string | null
    meta: unknown
  }
  interface Registered {
    outcome: string
    package: { id: string; version: number; tracking_code: string | null; meta: Record<string, unknown> | null }
  }
  const registration = (userId: string, tracking: string | null, meta: unknown = null): Registration => ({
    opId: randomUUID(),
    packageId: randomUUID(),
    userId,
    token: randomUUID(),
    tracking,
    meta,
  })
  const register = async (r: Registration) =>
    (await db.as(admin)<{ result: Registered }>(registerSql, [r.opId, r.packageId, r.userId, r.token, r.tracking, r.meta]))[0]!.result

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
    customer = await createApiUser(db)
    other = await createApiUser(db)
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  describe('who reads and writes prealerts', () => {
    let mine: Prealert
    let theirs: Prealert
    const ids = () => [mine.id, theirs.id]
    const visibleTo = (caller: Caller) =>
      db.attempt(caller, async (query) =>
        (await query<{ id: string }>(`select id from public.prealerts where id = any($1::uuid[]) order by id`, [ids()])).map((row) => row.id),
      )

    beforeAll(async () => {
      mine = await announce(customer)
      theirs = await announce(other)
    })

    it('a customer reads their own, another customer theirs, an admin both, anon nothing', async () => {
      expect(await visibleTo(customer)).toEqual({ ok: true, value: [mine.id] })
      expect(await visibleTo(other)).toEqual({ ok: true, value: [theirs.id] })
      expect(await visibleTo(admin)).toEqual({ ok: true, value: [...ids()].sort() })
      expect(await visibleTo(null)).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied for table prealerts/) })
    })

    it('no API role inserts, updates or deletes a prealert directly, not even an admin', async () => {
      const writes = [
        [`insert into public.prealerts (user_id, tracking_code, store, description, declared_value_usd) values ($1, 'DIRECT-123', 's', 'd', 1)`, [customer.sub]],
        [`update public.prealerts set state = 'received' where id = $1`, [mine.id]],
        [`update public.prealerts set store = 'Elsewhere' where id = $1`, [mine.id]],
        [`delete from public.prealerts where id = $1`, [mine.id]],
      ] as const
      for (const caller of [null, customer, admin]) {
        for (const [sql, params] of writes) {
          expect(await db.attempt(caller, (query) => query(sql, [...params])), `${caller?.sub ?? 'anon'}: ${sql}`).toMatchObject({
            ok: false,
            code: '42501',
            message: expect.stringMatching(/permission denied for table prealerts/),
          })
        }
      }
      expect(await stored(mine.id)).toMatchObject({ state: 'announced', version: 1, store: 'Amazon' })
    })

    it('the op log is closed to every API role', async () => {
      for (const caller of [null, customer, admin]) {
        expect(await db.attempt(caller, (query) => query(`select * from public.prealert_ops`))).toMatchObject({ ok: false, code: '42501' })
        expect(
          await db.attempt(caller, (query) =>
            query(`insert into public.prealert_ops (op_id, prealert_id, actor, kind, args) values (gen_random_uuid(), $1, $2, 'save', '{}')`, [mine.id, customer.sub]),
          ),
        ).toMatchObject({ ok: false, code: '42501' })
      }
    })

    it('anon cannot execute save_prealert, cancel_prealert or pull_prealerts', async () => {
      const calls = [
        [saveSql, saveParams(randomUUID(), randomUUID(), fields())],
        [cancelSql, [randomUUID(), mine.id]],
        [`select public.pull_prealerts(null, 10)`, []],
      ] as const
      for (const [sql, params] of calls) {
        expect(await db.attempt(null, (query) => query(sql, [...params]))).toMatchObject({
          ok: false,
          code: '42501',
          message: expect.stringMatching(/permission denied for function (save|cancel|pull)_prealerts?/),
        })
      }
    })

    it('pull_prealerts gives a customer their own and an admin every one', async () => {
      const pulledBy = async (caller: User) => (await pull(caller, null)).prealerts.map((row) => row.id).filter((id) => ids().includes(id))
      expect(await pulledBy(customer)).toEqual([mine.id])
      expect(await pulledBy(other)).toEqual([theirs.id])
      expect((await pulledBy(admin)).sort()).toEqual([...ids()].sort())
    })
  })

  describe('save_prealert', () => {
    it('creates the prealert for the caller, normalised, and returns every column but change_xid', async () => {
      const id = randomUUID()
      const saved = await save(customer, id, fields({ tracking: '  1z 999-aa ', store: '  Amazon  ', description: ' Shoes\t', value: '120.50' }))
      expect(saved).toEqual({
        id,
        user_id: customer.sub,
        tracking_code: '1Z999-AA',
        store: 'Amazon',
        description: 'Shoes',
        declared_value_usd: 120.5,
        expected_on: '2026-12-01',
        state: 'announced',
        package_id: null,
        documents: [],
        version: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      })
      expect(await stored(id)).toMatchObject({ tracking_code: '1Z999-AA', value: '120.50', version: 1 })
    })

    it('takes out whitespace of every kind inside the tracking number', async () => {
      const saved = await announce(customer, { tracking: '\u00a01z\t999\n-ab\u2003 cd ' })
      expect(saved.tracking_code).toBe('1Z999-ABCD')
    })

    it('updates the caller’s announced prealert: version + 1', async () => {
      const created = await announce(customer, { expectedOn: null })
      const updated = await save(customer, created.id, fields({ tracking: created.tracking_code.toLowerCase(), store: 'eBay', value: 0 }))
      expect(updated).toMatchObject({ id: created.id, store: 'eBay', declared_value_usd: 0, expected_on: '2026-12-01', version: 2, state: 'announced' })
      expect(updated.created_at).toBe(created.created_at)
      const again = await save(customer, created.id, fields({ tracking: created.tracking_code, expectedOn: null }))
      expect(again).toMatchObject({ store: 'Amazon', expected_on: null, version: 3 })
    })

    it('refuses each field outside its limits with 22023 and a message naming the limit', async () => {
      const tracking = invalid('tracking_code must be 6 to 40 characters')
      const characters = invalid('tracking_code may contain only letters A-Z, digits 0-9 and -')
      const store = invalid('store must be 1 to 80 characters')
      const description = invalid('description must be 1 to 200 characters')
      const value = invalid('declared_value_usd must be 0 to 50000 USD, with at most 2 decimals')
      const cases: [Partial<Fields>, unknown][] = [
        [{ tracking: 'ABC12' }, tracking],
        [{ tracking: ' a b c 1 2 ' }, tracking],
        [{ tracking: 'A'.repeat(41) }, tracking],
        [{ tracking: '' }, tracking],
        [{ tracking: null }, tracking],
        [{ tracking: 'ABC/123' }, characters],
        [{ tracking: 'ÑANDU-123' }, characters],
        [{ tracking: 'ABC_123' }, characters],
        [{ store: '' }, store],
        [{ store: '   ' }, store],
        [{ store: null }, store],
        [{ store: 'x'.repeat(81) }, store],
        [{ description: '' }, description],
        [{ description: null }, description],
        [{ description: 'x'.repeat(201) }, description],
        [{ value: -0.01 }, value],
        [{ value: 50000.01 }, value],
        [{ value: 1.005 }, value],
        [{ value: null }, value],
        [{ value: 'NaN' }, value],
        [{ expectedOn: 'infinity' }, invalid('expected_on must be a calendar date')],
      ]
      for (const [overrides, expected] of cases) {
        expect(await trySave(customer, randomUUID(), fields(overrides)), JSON.stringify(overrides)).toEqual(expected)
      }
    })

    it('accepts every limit itself', async () => {
      const edges: Partial<Fields>[] = [
        { tracking: `A1-${randomUUID().slice(0, 3)}` },
        { tracking: `${randomUUID().replaceAll('-', '')}ABCDEFGH`.toUpperCase() },
        { store: ` ${'s'.repeat(80)} ` },
        { description: 'd'.repeat(200) },
        { value: 0 },
        { value: 50000 },
        { value: '49999.99' },
      ]
      for (const overrides of edges) {
        expect(await trySave(customer, randomUUID(), fields(overrides)), JSON.stringify(overrides)).toMatchObject({ ok: true })
      }
    })

    it('refuses a second open prealert for a tracking number (PT409), and allows it again once the first is cancelled', async () => {
      const first = await announce(customer)
      expect(await trySave(customer, randomUUID(), fields({ tracking: ` ${first.tracking_code.toLowerCase()} ` }))).toEqual(duplicate)
      const second = await announce(customer)
      expect(await trySave(customer, second.id, fields({ tracking: first.tracking_code }))).toEqual(duplicate)
      // Another customer's open prealert of that tracking number is theirs, not a duplicate.
      expect(await trySave(other, randomUUID(), fields({ tracking: first.tracking_code }))).toMatchObject({ ok: true })
      await cancel(customer, first.id)
      const third = await save(customer, randomUUID(), fields({ tracking: first.tracking_code }))
      expect(third).toMatchObject({ tracking_code: first.tracking_code, state: 'announced', version: 1 })
    })

    it('a replay of the op returns the current row and changes nothing, even spelt differently', async () => {
      const [id, opId] = [randomUUID(), randomUUID()]
      const f = fields({ value: 12.5 })
      const first = await save(customer, id, f, opId)
      expect(await save(customer, id, f, opId)).toEqual(first)
      expect(await save(customer, id, { ...f, tracking: ` ${f.tracking!.toLowerCase()}`, store: 'Amazon ', value: '12.50' }, opId)).toEqual(first)
      expect(await stored(id)).toMatchObject({ version: 1 })
      expect(await opCount(opId)).toBe(1)
      // After a later change, the replay answers the prealert as it is now and does not undo it.
      const later = await save(customer, id, { ...f, store: 'Walmart' })
      expect(await save(customer, id, f, opId)).toEqual(later)
      expect(await stored(id)).toMatchObject({ store: 'Walmart', version: 2 })
    })

    it('refuses the op again with other arguments, another id, another caller or as a cancel (PT409)', async () => {
      const [id, opId] = [randomUUID(), randomUUID()]
      const f = fields()
      await save(customer, id, f, opId)
      const differences: Partial<Fields>[] = [
        { tracking: freshTracking() },
        { store: 'eBay' },
        { description: 'Another thing' },
        { value: 121 },
        { expectedOn: null },
        { expectedOn: '2026-12-02' },
      ]
      for (const difference of differences) {
        expect(await trySave(customer, id, { ...f, ...difference }, opId), JSON.stringify(difference)).toEqual(conflictOf(opId))
      }
      expect(await trySave(customer, randomUUID(), f, opId)).toEqual(conflictOf(opId))
      expect(await trySave(other, id, f, opId)).toEqual(conflictOf(opId))
      expect(await tryCancel(customer, id, opId)).toEqual(conflictOf(opId))
      expect(await stored(id)).toMatchObject({ state: 'announced', version: 1, store: 'Amazon' })
    })

    it('answers someone else’s prealert id as not found (PT404), an admin included', async () => {
      const theirs = await announce(other)
      expect(await trySave(customer, theirs.id, fields())).toEqual(notFound)
      expect(await trySave(admin, theirs.id, fields())).toEqual(notFound)
      expect(await stored(theirs.id)).toMatchObject({ version: 1, store: 'Amazon' })
    })

    it('refuses to change a cancelled or received prealert (PT409)', async () => {
      const cancelled = await announce(customer)
      await cancel(customer, cancelled.id)
      expect(await trySave(customer, cancelled.id, fields({ tracking: cancelled.tracking_code }))).toEqual(unchangeable)
      const received = await announce(customer)
      await register(registration(customer.sub, received.tracking_code))
      expect(await trySave(customer, received.id, fields({ store: 'eBay' }))).toEqual(unchangeable)
    })

    it('records nothing for a refused op, so it can be sent again once fixed', async () => {
      const [id, opId] = [randomUUID(), randomUUID()]
      expect(await trySave(customer, id, fields({ store: '' }), opId)).toMatchObject({ ok: false, code: '22023' })
      expect(await opCount(opId)).toBe(0)
    })

    it('requires an op and an id (22004)', async () => {
      expect(await db.attempt(customer, (query) => query(saveSql, saveParams(null as never, randomUUID(), fields())))).toMatchObject({ ok: false, code: '22004' })
      expect(await db.attempt(customer, (query) => query(saveSql, saveParams(randomUUID(), null as never, fields())))).toMatchObject({ ok: false, code: '22004' })
    })
  })

  describe('cancel_prealert', () => {
    it('cancels an announced prealert (version + 1); its replay and a new cancel return it unchanged', async () => {
      const created = await announce(customer)
      const opId = randomUUID()
      const cancelled = await cancel(customer, created.id, opId)
      expect(cancelled).toMatchObject({ id: created.id, state: 'cancelled', version: 2 })
      expect(await cancel(customer, created.id, opId)).toEqual(cancelled)
      expect(await cancel(customer, created.id)).toEqual(cancelled)
      expect(await stored(created.id)).toMatchObject({ state: 'cancelled', version: 2 })
    })

    it('refuses a received prealert (PT409), someone else’s or an unknown one (PT404)', async () => {
      const received = await announce(customer)
      await register(registration(customer.sub, received.tracking_code))
      expect(await tryCancel(customer, received.id)).toEqual(unchangeable)
      const theirs = await announce(other)
      expect(await tryCancel(customer, theirs.id)).toEqual(notFound)
      expect(await tryCancel(admin, theirs.id)).toEqual(notFound)
      expect(await tryCancel(customer, randomUUID())).toEqual(notFound)
      expect(await stored(theirs.id)).toMatchObject({ state: 'announced', version: 1 })
    })

    it('refuses a cancel’s op for another prealert (PT409)', async () => {
      const [a, b] = [await announce(customer), await announce(customer)]
      const opId = randomUUID()
      await cancel(customer, a.id, opId)
      expect(await tryCancel(customer, b.id, opId)).toEqual(conflictOf(opId))
      expect(await stored(b.id)).toMatchObject({ state: 'announced' })
    })
  })

  describe('pull_prealerts', () => {
    it('pages through a customer’s prealerts in checkpoint order, then hears later changes', async () => {
      const puller = await createApiUser(db)
      const created: Prealert[] = []
      for (let i = 0; i < 5; i++) created.push(await announce(puller))

      const pages: Pull[] = []
      let since: string | null = null
      do {
        const page = await pull(puller, since, 2)
        pages.push(page)
        since = page.checkpoint
      } while (pages.at(-1)!.has_more)
      expect(pages.map((page) => [page.prealerts.length, page.has_more])).toEqual([
        [2, true],
        [2, true],
        [1, false],
      ])
      const pulled = pages.flatMap((page) => page.prealerts)
      expect(pulled.map((row) => row.id)).toEqual(created.map((row) => row.id))
      // The same row as save_prealert returned, in the same shape.
      expect(pulled).toEqual(created)
      for (const page of pages) expect(page.checkpoint).toMatch(/^\d+:[0-9a-f-]{36}$/)
      expect(pages.at(-1)!.checkpoint!.endsWith(`:${created.at(-1)!.id}`)).toBe(true)

      expect(await pull(puller, since)).toEqual({ prealerts: [], checkpoint: since, has_more: false })
      const cancelled = await cancel(puller, created[1]!.id)
      const next = await pull(puller, since)
      expect(next).toMatchObject({ prealerts: [cancelled], has_more: false })
      expect(next.checkpoint).not.toBe(since)
    })

    it('bounds the page size: at least 1, 500 when not given', async () => {
      const puller = await createApiUser(db)
      await announce(puller)
      await announce(puller)
      expect(await pull(puller, null, 0)).toMatchObject({ prealerts: [expect.anything()], has_more: true })
      expect(await pull(puller, null, null)).toMatchObject({ prealerts: [expect.anything(), expect.anything()], has_more: false })
      expect(await pull(puller, '', null)).toMatchObject({ has_more: false })
    })

    it('starts empty for a customer with none, keeping the checkpoint given', async () => {
      const puller = await createApiUser(db)
      expect(await pull(puller, null)).toEqual({ prealerts: [], checkpoint: null, has_more: false })
    })
  })

  describe('register_package matches an announced prealert', () => {
    it('marks the customer’s prealert received and gives the package its fields; the registration’s own meta keys win', async () => {
      const prealert = await announce(customer, { store: 'Amazon', description: 'Running shoes', value: 120.5 })
      const r = registration(customer.sub, `  ${prealert.tracking_code.toLowerCase()} `, { store: 'Amazon US', photos: ['a.jpg'] })
      const registered = await register(r)
      expect(registered.outcome).toBe('applied')
      expect(registered.package).toMatchObject({ id: r.packageId, version: 1 })
      expect(registered.package.meta).toEqual({
        prealert_id: prealert.id,
        store: 'Amazon US',
        description: 'Running shoes',
        declared_value_usd: 120.5,
        photos: ['a.jpg'],
      })
      expect(await stored(prealert.id)).toMatchObject({ state: 'received', package_id: r.packageId, version: 2 })
      // The customer hears it through their pull.
      const pulled = (await pull(customer, null)).prealerts.find((row) => row.id === prealert.id)
      expect(pulled).toMatchObject({ state: 'received', package_id: r.packageId, version: 2 })
      // And the admin's package pull shows the merged meta.
      const packages = (await db.as(admin)<{ result: { packages: { id: string; meta: unknown }[] } }>(`select public.pull_packages(null, 1000) as result`))[0]!.result
      expect(packages.packages.find((row) => row.id === r.packageId)?.meta).toEqual(registered.package.meta)
    })

    it('fills an empty meta with the prealert’s fields', async () => {
      const prealert = await announce(customer, { value: 0 })
      const registered = await register(registration(customer.sub, prealert.tracking_code))
      expect(registered.package.meta).toEqual({ prealert_id: prealert.id, store: 'Amazon', description: 'Running shoes', declared_value_usd: 0 })
    })

    it('matches exactly once: a replayed registration matches nothing again', async () => {
      const prealert = await announce(customer)
      const r = registration(customer.sub, prealert.tracking_code, { photos: [] })
      const first = await register(r)
      expect(await register(r)).toEqual({ outcome: 'replayed', package: first.package })
      expect(await stored(prealert.id)).toMatchObject({ state: 'received', package_id: r.packageId, version: 2 })
      // A new prealert of that tracking number is open again; the replay still does not take it.
      const again = await announce(customer, { tracking: prealert.tracking_code })
      expect(await register(r)).toEqual({ outcome: 'replayed', package: first.package })
      expect(await stored(again.id)).toMatchObject({ state: 'announced', package_id: null, version: 1 })
    })

    it('does not match another customer’s prealert of the same tracking number', async () => {
      const theirs = await announce(other)
      const registered = await register(registration(customer.sub, theirs.tracking_code, { photos: ['b.jpg'] }))
      expect(registered.package.meta).toEqual({ photos: ['b.jpg'] })
      expect(await stored(theirs.id)).toMatchObject({ state: 'announced', package_id: null, version: 1 })
    })

    it('does not match a cancelled prealert', async () => {
      const prealert = await announce(customer)
      await cancel(customer, prealert.id)
      const registered = await register(registration(customer.sub, prealert.tracking_code))
      expect(registered.package.meta).toBeNull()
      expect(await stored(prealert.id)).toMatchObject({ state: 'cancelled', package_id: null, version: 2 })
    })

    it('a second package with that tracking number finds the prealert already received', async () => {
      const prealert = await announce(customer)
      const first = registration(customer.sub, prealert.tracking_code)
      await register(first)
      const second = await register(registration(customer.sub, prealert.tracking_code))
      expect(second.package.meta).toBeNull()
      expect(await stored(prealert.id)).toMatchObject({ package_id: first.packageId, version: 2 })
    })

    it('matches nothing and changes nothing when the registration is refused', async () => {
      const prealert = await announce(customer)
      const r = registration(customer.sub, prealert.tracking_code)
      await register(r)
      const conflicting = { ...registration(customer.sub, prealert.tracking_code), opId: r.opId }
      expect(
        await db.attempt(admin, (query) => query(registerSql, [conflicting.opId, conflicting.packageId, conflicting.userId, conflicting.token, conflicting.tracking, null])),
      ).toEqual(conflictOf(r.opId))
      const open = await announce(customer)
      const existing = { ...registration(customer.sub, open.tracking_code), packageId: r.packageId }
      expect(
        await db.attempt(admin, (query) => query(registerSql, [existing.opId, existing.packageId, existing.userId, existing.token, existing.tracking, null])),
      ).toMatchObject({ ok: false, code: 'PT409', message: `package ${r.packageId} already exists` })
      expect(await stored(open.id)).toMatchObject({ state: 'announced', package_id: null })
    })
  })
})

describe('PostgreSQL 15, overlapping transactions', () => {
  let cluster: Cluster
  const clients: pg.Client[] = []
  let owner: pg.Client
  let admin: JwtClaims
  let customer: JwtClaims & { sub: string }

  const connect = async () => {
    const client = await cluster.connect()
    clients.push(client)
    return client
  }

  const saveSql = `select public.save_prealert($1, $2, $3, 'Amazon', 'Shoes', 10, null) as result`
  const registerSql = `select public.register_package(gen_random_uuid(), $1, $2, gen_random_uuid(), 'recibido', $3) as result`
  type Result<R> = { result: R }
  const stored = async (id: string) =>
    (await owner.query<{ state: string; version: number; package_id: string | null }>(`select state, version::int, package_id from public.prealerts where id = $1`, [id]))
      .rows[0]
  /** The outcome of a statement that may fail, as { code, message }. */
  const settle = async <R,>(pending: Promise<pg.QueryResult<Result<R>>>) =>
    pending.then(
      (result) => ({ ok: true as const, value: result.rows[0]!.result }),
      (error: { code?: string; message?: string }) => ({ ok: false as const, code: error.code, message: error.message }),
    )

  beforeAll(async () => {
    cluster = await startCluster()
    owner = await connect()
    const user = async (asAdmin: boolean) => {
      const id = randomUUID()
      await owner.query(`insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, '{}')`, [id, `${id}@example.test`])
      if (asAdmin) await owner.query(`update public.profiles set role = 'admin' where id = $1`, [id])
      return { sub: id, role: 'authenticated' as const }
    }
    admin = await user(true)
    customer = await user(false)
  }, 60_000)

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end().catch(() => {})))
    await cluster?.stop()
  })

  it('a save racing its replay: the replay waits, then returns the same prealert; one row, one op', async () => {
    const [first, second] = [await connect(), await connect()]
    const params = [randomUUID(), randomUUID(), freshTracking()]
    await beginAs(first, customer)
    const original = (await first.query<Result<Prealert>>(saveSql, params)).rows[0]!.result
    await beginAs(second, customer)
    const replay = second.query<Result<Prealert>>(saveSql, params)
    await waitUntilBlocked(owner, second, "the first save's uncommitted op")
    await first.query('commit')
    const replayed = (await replay).rows[0]!.result
    await second.query('commit')
    expect(replayed).toEqual(original)
    expect(await stored(original.id)).toMatchObject({ state: 'announced', version: 1 })
    expect((await owner.query(`select count(*)::int as n from public.prealert_ops where op_id = $1`, [params[0]])).rows[0]).toEqual({ n: 1 })
  })

  it('two open prealerts of one tracking number racing: the second waits and is refused (PT409)', async () => {
    const [first, second] = [await connect(), await connect()]
    const tracking = freshTracking()
    await beginAs(first, customer)
    await first.query(saveSql, [randomUUID(), randomUUID(), tracking])
    await beginAs(second, customer)
    const racing = settle<Prealert>(second.query(saveSql, [randomUUID(), randomUUID(), tracking]))
    await waitUntilBlocked(owner, second, 'the unique index of open tracking numbers')
    await first.query('commit')
    expect(await racing).toEqual({ ok: false, code: 'PT409', message: 'A package with this tracking number is already announced' })
    await second.query('rollback')
  })

  it('two packages of one tracking number registered at once: the prealert is matched by the first only', async () => {
    const prealert = (await queryAs<Result<Prealert>>(owner, customer, saveSql, [randomUUID(), randomUUID(), freshTracking()]))[0]!.result
    const [first, second] = [await connect(), await connect()]
    const [packageA, packageB] = [randomUUID(), randomUUID()]
    type Registered = { package: { meta: Record<string, unknown> | null } }
    await beginAs(first, admin)
    const a = (await first.query<Result<Registered>>(registerSql, [packageA, customer.sub, prealert.tracking_code])).rows[0]!.result
    await beginAs(second, admin)
    const pendingB = second.query<Result<Registered>>(registerSql, [packageB, customer.sub, prealert.tracking_code])
    await waitUntilBlocked(owner, second, 'the prealert row lock')
    await first.query('commit')
    const b = (await pendingB).rows[0]!.result
    await second.query('commit')
    expect(a.package.meta).toMatchObject({ prealert_id: prealert.id })
    expect(b.package.meta).toBeNull()
    expect(await stored(prealert.id)).toEqual({ state: 'received', version: 2, package_id: packageA })
  })

  it('a customer’s edit racing the registration that receives the prealert waits, then is refused (PT409)', async () => {
    const id = randomUUID()
    const tracking = freshTracking()
    await queryAs(owner, customer, saveSql, [randomUUID(), id, tracking])
    const [warehouse, phone] = [await connect(), await connect()]
    await beginAs(warehouse, admin)
    await warehouse.query(registerSql, [randomUUID(), customer.sub, tracking])
    await beginAs(phone, customer)
    const edit = settle<Prealert>(phone.query(`select public.save_prealert($1, $2, $3, 'eBay', 'Shoes', 10, null) as result`, [randomUUID(), id, tracking]))
    await waitUntilBlocked(owner, phone, 'the prealert row lock')
    await warehouse.query('commit')
    expect(await edit).toEqual({ ok: false, code: 'PT409', message: 'This prealert can no longer be changed' })
    await phone.query('rollback')
    expect(await stored(id)).toMatchObject({ state: 'received', version: 2 })
  })

  it('pull_prealerts holds its checkpoint before a save still open, then delivers it', async () => {
    const puller = await connect()
    const pull = async (since: string | null) =>
      (await queryAs<Result<Pull>>(puller, customer, 'select public.pull_prealerts($1, 100) as result', [since]))[0]!.result
    const start = (await pull(null)).checkpoint
    const slow = await connect()
    await beginAs(slow, customer)
    const late = (await slow.query<Result<Prealert>>(saveSql, [randomUUID(), randomUUID(), freshTracking()])).rows[0]!.result
    const early = (await queryAs<Result<Prealert>>(owner, customer, saveSql, [randomUUID(), randomUUID(), freshTracking()]))[0]!.result

    const before = await pull(start)
    expect(before).toEqual({ prealerts: [], checkpoint: start, has_more: false })
    await slow.query('commit')
    const after = await pull(before.checkpoint)
    expect(after.prealerts.map((row) => row.id)).toEqual([late.id, early.id])
  })
})
