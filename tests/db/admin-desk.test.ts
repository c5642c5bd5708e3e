import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Db,
  type TestUser,
  anon,
  attempt,
  createPackage,
  createUser,
  openEmptyDatabase,
  packageById,
  queryAs,
  rowsAs,
} from './helpers.ts'

// The admin desk migration: profile sync (pull_profiles, tombstones),
// register_package, apply_package_status's error codes and package JSON, and
// the self-demotion guard.

let db: Db
let admin: TestUser
let customer: TestUser
let other: TestUser

beforeAll(async () => {
  db = await openEmptyDatabase()
  admin = await createUser(db, 'admin', { admin: true })
  customer = await createUser(db, 'customer')
  other = await createUser(db, 'other')
})

afterAll(async () => {
  await db?.close()
})

/** The pull cursor "<change_xid>:<id>" of a row in profiles or deleted_profiles. */
const cursorOf = async (table: 'profiles' | 'deleted_profiles', id: string) =>
  (await db.query<{ cursor: string }>(`select change_xid::text || ':' || id as cursor from public.${table} where id = $1`, [id])).rows[0]?.cursor

const lockerOf = async (userId: string) =>
  (await db.query<{ code: string }>(`select code from public.lockers where user_id = $1`, [userId])).rows[0]?.code

interface Event {
  status: string
  changed_at: string
  recorded_at: string
}

const eventsJson = (...statuses: string[]): Event[] =>
  statuses.map((status) => ({ status, changed_at: expect.any(String) as string, recorded_at: expect.any(String) as string }))

describe('pull_profiles', () => {
  type Entry = Record<string, unknown> & { id: string; deleted_at: string | null }
  interface Pull {
    profiles: Entry[]
    checkpoint: string | null
    has_more: boolean
  }

  const pull = async (user: TestUser, since: string | null, limit = 1000) =>
    (await queryAs<{ result: Pull }>(db, user.claims, `select public.pull_profiles($1, $2) as result`, [since, limit]))[0]!.result

  /** An admin's directory after `since`: every customer as [id, locker, email, name, phone, plan, role, avatar, created_at], and the ids removed. */
  const directory = async (user: TestUser, since: string | null) =>
    (await queryAs<{ result: { customers: unknown[][]; removed: string[]; checkpoint: string | null } }>(db, user.claims, `select public.pull_directory($1, 5000) as result`, [since]))[0]!.result

  /** Pulls until has_more is false; returns every entry in order and the last checkpoint. */
  const pullAll = async (user: TestUser, since: string | null, limit: number) => {
    const entries: Entry[] = []
    let pages = 0
    for (;;) {
      const page = await pull(user, since, limit)
      pages++
      entries.push(...page.profiles)
      since = page.checkpoint
      if (!page.has_more) return { entries, checkpoint: since, pages }
    }
  }

  const profileColumns = async () =>
    (
      await db.query<{ column_name: string }>(
        `select column_name from information_schema.columns
         where table_schema = 'public' and table_name = 'profiles' and column_name <> 'change_xid'`,
      )
    ).rows.map((row) => row.column_name)

  it("gives an admin the admins' full profiles with their locker codes, nothing but the profile columns, and every customer in the directory", async () => {
    const { rows } = await db.query<{ id: string; code: string | null; role: string }>(
      `select p.id, l.code, p.role from public.profiles p left join public.lockers l on l.user_id = p.id order by p.change_xid, p.id`,
    )
    const result = await pull(admin, null)
    expect(result.has_more).toBe(false)
    expect(result.profiles.map((p) => [p.id, p.locker_code])).toEqual(rows.filter((row) => row.role === 'admin').map((row) => [row.id, row.code]))
    const keys = [...(await profileColumns()), 'locker_code', 'deleted_at'].sort()
    for (const entry of result.profiles) {
      expect(Object.keys(entry).sort()).toEqual(keys)
      expect(entry.deleted_at).toBeNull()
    }
    const { customers } = await directory(admin, null)
    expect(rows.length).toBeGreaterThanOrEqual(3)
    expect(customers.map((tuple) => [tuple[0], tuple[1]])).toEqual(rows.map((row) => [row.id, row.code]))
    expect(customers.find((tuple) => tuple[0] === customer.id)).toEqual([customer.id, await lockerOf(customer.id), customer.email, 'customer user', null, 'basic', 'user', null, expect.any(String)])
  })

  it('gives a customer only their own profile', async () => {
    const result = await pull(customer, null)
    expect(result.profiles).toEqual([expect.objectContaining({ id: customer.id, locker_code: await lockerOf(customer.id), deleted_at: null })])
    expect(result.profiles[0]).not.toHaveProperty('change_xid')
    expect(result.checkpoint).toBe(await cursorOf('profiles', customer.id))
    expect(await pull(customer, result.checkpoint)).toEqual({ profiles: [], checkpoint: result.checkpoint, has_more: false })
  })

  it('cannot be executed by anon', async () => {
    const outcome = await rowsAs(db, anon, `select public.pull_profiles(null)`)
    expect(outcome).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied for function pull_profiles/) })
  })

  it('pages with a small limit through every profile and tombstone exactly once, in cursor order', async () => {
    const gone = await createUser(db, 'paged-gone')
    await createUser(db, 'paged')
    await db.query(`delete from auth.users where id = $1`, [gone.id])
    const everything = await pull(admin, null)
    expect(everything.profiles.some((p) => p.id === gone.id && p.deleted_at !== null)).toBe(true)

    const walk = await pullAll(admin, null, 2)
    expect(walk.entries.map((p) => p.id)).toEqual(everything.profiles.map((p) => p.id))
    expect(new Set(walk.entries.map((p) => p.id)).size).toBe(walk.entries.length)
    expect(walk.pages).toBe(Math.ceil(walk.entries.length / 2))
    expect(walk.checkpoint).toBe(everything.checkpoint)
    expect(await pull(admin, walk.checkpoint, 2)).toEqual({ profiles: [], checkpoint: walk.checkpoint, has_more: false })
  })

  it('clamps the page size to 1..1000 and defaults to 500', async () => {
    for (const limit of [0, -5]) expect((await pull(admin, null, limit)).profiles).toHaveLength(1)
    const [row] = await queryAs<{ result: Pull }>(db, admin.claims, `select public.pull_profiles(null) as result`)
    expect(row!.result.has_more).toBe(false)
    const [nullLimit] = await queryAs<{ result: Pull }>(db, admin.claims, `select public.pull_profiles('', null) as result`)
    expect(nullLimit!.result.profiles.length).toBe(row!.result.profiles.length)
  })

  it('delivers an updated customer again after the checkpoint (in the directory to admins), and the caller’s own edits to the caller', async () => {
    const adminStart = (await directory(admin, null)).checkpoint
    const customerStart = (await pull(customer, null)).checkpoint
    await queryAs(db, customer.claims, `update public.profiles set city = 'Bogotá', phone = '+57 300 000 0000' where id = $1`, [customer.id])
    const forAdmin = await directory(admin, adminStart)
    expect(forAdmin.customers.map((tuple) => [tuple[0], tuple[1], tuple[4]])).toEqual([[customer.id, await lockerOf(customer.id), '+57 300 000 0000']])
    const forCustomer = await pull(customer, customerStart)
    expect(forCustomer.profiles.map((p) => [p.id, p.city])).toEqual([[customer.id, 'Bogotá']])
    expect((await pull(other, null)).profiles.map((p) => p.id)).toEqual([other.id])

    await db.query(`update auth.users set email = 'renamed@example.test' where id = $1`, [customer.id])
    const renamed = await directory(admin, forAdmin.checkpoint)
    expect(renamed.customers.map((tuple) => [tuple[0], tuple[2]])).toEqual([[customer.id, 'renamed@example.test']])
  })

  it('stamps every insert and update with the writing transaction, whoever writes and whatever they send', async () => {
    const { rows } = await db.query<{ stamped: boolean }>(
      `update public.profiles set change_xid = '1'::xid8, full_name = full_name where id = $1
       returning change_xid = pg_current_xact_id() as stamped`,
      [other.id],
    )
    expect(rows).toEqual([{ stamped: true }])
    const asService = await rowsAs<{ stamped: boolean }>(
      db,
      { role: 'service_role' },
      `update public.profiles set phone = '1' where id = $1 returning change_xid = pg_current_xact_id() as stamped`,
      [other.id],
    )
    expect(asService).toEqual({ ok: true, value: [{ stamped: true }] })
    const sneaky = await rowsAs(db, customer.claims, `update public.profiles set change_xid = '1'::xid8 where id = $1`, [customer.id])
    expect(sneaky).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied for table profiles/) })
  })

  it('turns a deleted auth user into a tombstone for admins, and into nothing for customers', async () => {
    const leaving = await createUser(db, 'leaving')
    await createPackage(db, leaving.id)
    const adminStart = (await pull(admin, null)).checkpoint
    const customerStart = (await pull(customer, null)).checkpoint
    await db.query(`delete from auth.users where id = $1`, [leaving.id])

    const forAdmin = await pull(admin, adminStart)
    expect(forAdmin.profiles).toEqual([{ id: leaving.id, deleted_at: expect.any(String) }])
    expect(forAdmin.checkpoint).toBe(await cursorOf('deleted_profiles', leaving.id))
    expect(await pull(customer, customerStart)).toEqual({ profiles: [], checkpoint: customerStart, has_more: false })
    expect((await pull(customer, null)).profiles.map((p) => p.id)).toEqual([customer.id])
  })

  it('leaves out the tombstone of an id whose profile exists again', async () => {
    const user = await createUser(db, 'returning')
    await db.query(`delete from auth.users where id = $1`, [user.id])
    await db.query(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, '{}')`,
      [user.id, user.email],
    )
    const { customers, removed } = await directory(admin, null)
    expect(customers.filter((tuple) => tuple[0] === user.id).map((tuple) => tuple[2])).toEqual([user.email])
    expect(removed).not.toContain(user.id)
    const { rows } = await db.query(`select 1 from public.deleted_profiles where id = $1`, [user.id])
    expect(rows).toHaveLength(1)
  })

  it('rejects a malformed checkpoint with 22P02', async () => {
    expect(await rowsAs(db, admin.claims, `select public.pull_profiles('garbage', 10)`)).toMatchObject({ ok: false, code: '22P02' })
  })
})

describe('deleted_profiles', () => {
  let gone: TestUser

  beforeAll(async () => {
    gone = await createUser(db, 'tombstoned')
    await db.query(`delete from auth.users where id = $1`, [gone.id])
  })

  it('is readable by admins only', async () => {
    const sql = `select id from public.deleted_profiles where id = $1`
    expect(await rowsAs(db, admin.claims, sql, [gone.id])).toEqual({ ok: true, value: [{ id: gone.id }] })
    expect(await rowsAs(db, customer.claims, sql, [gone.id])).toEqual({ ok: true, value: [] })
    expect(await rowsAs(db, anon, sql, [gone.id])).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied/) })
  })

  it('cannot be written by anyone through the API, not even an admin', async () => {
    const writes = [
      [`insert into public.deleted_profiles (id) values (gen_random_uuid())`, []],
      [`update public.deleted_profiles set deleted_at = now() where id = $1`, [gone.id]],
      [`delete from public.deleted_profiles where id = $1`, [gone.id]],
    ] as const
    for (const claims of [anon, customer.claims, admin.claims]) {
      for (const [sql, params] of writes) {
        const outcome = await rowsAs(db, claims, sql, [...params])
        expect(outcome, sql).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied/) })
      }
    }
  })

  it('moves an existing tombstone forward when the id is deleted again', async () => {
    const xidOf = async () => {
      const { rows } = await db.query<{ xid: string }>(`select change_xid::text as xid from public.deleted_profiles where id = $1`, [gone.id])
      return rows.map((row) => row.xid)
    }
    const [before] = await xidOf()
    await db.query(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, '{}')`,
      [gone.id, gone.email],
    )
    await db.query(`delete from auth.users where id = $1`, [gone.id])
    const after = await xidOf()
    expect(after).toHaveLength(1)
    expect(BigInt(after[0]!)).toBeGreaterThan(BigInt(before!))
  })
})

type PackageJson = Record<string, unknown> & { id: string; status: string; version: number; events: Event[] }

interface Registered {
  outcome: 'applied' | 'replayed'
  package: PackageJson
}

describe('register_package', () => {
  const registerSql = `select public.register_package($1, $2, $3, $4, $5, $6, $7, $8, $9) as result`

  interface Args {
    opId: string | null
    packageId: string | null
    userId: string | null
    token: string | null
    status: string
    tracking: string | null
    weight: number | null
    volume: number | null
    meta: unknown
  }

  const args = (overrides: Partial<Args> = {}): Args => ({
    opId: randomUUID(),
    packageId: randomUUID(),
    userId: customer.id,
    token: randomUUID(),
    status: 'recibido',
    tracking: `TRK-${randomUUID().slice(0, 8)}`,
    weight: 2.5,
    volume: 0.02,
    meta: { store: 'Amazon' },
    ...overrides,
  })
  const params = (a: Args) => [a.opId, a.packageId, a.userId, a.token, a.status, a.tracking, a.weight, a.volume, a.meta]

  /** Commits. */
  const register = async (a: Args, user: TestUser = admin) =>
    (await queryAs<{ result: Registered }>(db, user.claims, registerSql, params(a)))[0]!.result
  /** Rolls back; errors come back as outcomes. */
  const tryRegister = (a: Args, claims: TestUser['claims'] | null = admin.claims) =>
    rowsAs<{ result: Registered }>(db, claims, registerSql, params(a))

  const eventsOf = async (packageId: string) =>
    (
      await db.query<{ status: string; op_id: string; actor: string | null; outcome: string }>(
        `select status, op_id, actor, outcome from public.package_events where package_id = $1 order by recorded_at, id`,
        [packageId],
      )
    ).rows
  const countPackages = async () => (await db.query<{ n: number }>(`select count(*)::int as n from public.packages`)).rows[0]!.n

  it('creates the package with the client’s id and token and the customer’s own locker code', async () => {
    const a = args({ status: 'consolidacion', tracking: '  1Z999AA10123456784 ', meta: { store: 'Target', photos: ['a.jpg'] } })
    const result = await register(a)
    expect(result.outcome).toBe('applied')
    const row = await packageById(db, a.packageId!)
    expect(row).toMatchObject({
      id: a.packageId,
      public_token: a.token,
      user_id: customer.id,
      locker_code: await lockerOf(customer.id),
      status: 'consolidacion',
      tracking_code: '1Z999AA10123456784',
      weight_kg: '2.5',
      volume_m3: '0.02',
      meta: { store: 'Target', photos: ['a.jpg'] },
      version: 1,
      deleted_at: null,
    })
    expect(result.package).toMatchObject({
      id: a.packageId,
      public_token: a.token,
      locker_code: row.locker_code,
      status: 'consolidacion',
      version: 1,
    })
    expect(result.package).not.toHaveProperty('change_xid')
    expect(result.package.events).toEqual(eventsJson('consolidacion'))
  })

  it('records the initial event with the caller’s op_id and the admin as actor', async () => {
    const a = args()
    await register(a)
    expect(await eventsOf(a.packageId!)).toEqual([{ status: 'recibido', op_id: a.opId, actor: admin.id, outcome: 'applied' }])
  })

  it('returns the same JSON shape as pull_packages', async () => {
    const a = args()
    const { package: registered } = await register(a)
    const [pulled] = await queryAs<{ result: { packages: PackageJson[] } }>(db, admin.claims, `select public.pull_packages(null, 1000) as result`)
    expect(pulled!.result.packages.find((p) => p.id === a.packageId)).toEqual(registered)
  })

  it('is idempotent on op_id: a replay returns "replayed" with the same package and writes nothing', async () => {
    const a = args()
    const first = await register(a)
    const packages = await countPackages()
    const replay = await register(a)
    expect(replay).toEqual({ outcome: 'replayed', package: first.package })
    expect(await countPackages()).toBe(packages)
    expect(await eventsOf(a.packageId!)).toHaveLength(1)
    // A replay carries the same arguments; other ones under this op are another change.
    expect(await tryRegister({ ...a, tracking: 'changed', weight: 3 })).toMatchObject({ ok: false, code: 'PT409' })
  })

  it('a replay after later changes returns the package as it is now', async () => {
    const a = args()
    const first = await register(a)
    await queryAs(db, admin.claims, `select public.apply_package_status(gen_random_uuid(), $1, 'transito', now(), 1)`, [a.packageId])
    const replay = await register(a)
    expect(replay.outcome).toBe('replayed')
    expect(replay.package).toMatchObject({ id: first.package.id, status: 'transito', version: 2 })
    expect(replay.package.events).toEqual(eventsJson('recibido', 'transito'))
  })

  it('refuses an op already recorded for another package with PT409', async () => {
    const a = args()
    await register(a)
    const outcome = await tryRegister({ ...args(), opId: a.opId })
    expect(outcome).toEqual({ ok: false, code: 'PT409', message: `operation ${a.opId} was already recorded for a different change` })
    const applyOp = randomUUID()
    await queryAs(db, admin.claims, `select public.apply_package_status($1, $2, 'transito', now(), 1)`, [applyOp, a.packageId])
    expect(await tryRegister(args({ opId: applyOp }))).toMatchObject({ ok: false, code: 'PT409' })
  })

  it('refuses a new op for an id another package already has with PT409', async () => {
    const existing = await createPackage(db, customer.id)
    const outcome = await tryRegister(args({ packageId: existing.id }))
    expect(outcome).toEqual({ ok: false, code: 'PT409', message: `package ${existing.id} already exists` })
  })

  it('refuses a customer (42501) and anon cannot even execute it', async () => {
    const packages = await countPackages()
    expect(await tryRegister(args(), customer.claims)).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/only staff/) })
    expect(await tryRegister(args(), anon)).toMatchObject({
      ok: false,
      code: '42501',
      message: expect.stringMatching(/permission denied for function register_package/),
    })
    expect(await countPackages()).toBe(packages)
  })

  it('requires op, package id, customer and token (22004)', async () => {
    for (const missing of ['opId', 'packageId', 'userId', 'token'] as const) {
      expect(await tryRegister(args({ [missing]: null })), missing).toMatchObject({ ok: false, code: '22004' })
    }
  })

  it('answers an unknown customer with PT404', async () => {
    const stranger = randomUUID()
    expect(await tryRegister(args({ userId: stranger }))).toEqual({ ok: false, code: 'PT404', message: `customer ${stranger} not found` })
  })

  it('leaves weight, volume, meta and status to the table’s check constraints (23514)', async () => {
    const cases: [Partial<Args>, string][] = [
      [{ weight: 33 }, 'packages_weight_kg_range'],
      [{ volume: -0.01 }, 'packages_volume_m3_non_negative'],
      [{ meta: [] }, 'packages_meta_is_object'],
      [{ status: 'perdido' }, 'packages_status_check'],
    ]
    for (const [override, constraint] of cases) {
      expect(await tryRegister(args(override)), constraint).toMatchObject({ ok: false, code: '23514', message: expect.stringContaining(constraint) })
    }
    expect(await tryRegister(args({ weight: 32, volume: 0, meta: null }))).toMatchObject({ ok: true })
  })

  it('stores an empty or blank tracking code as null', async () => {
    for (const tracking of ['', '   ', null]) {
      const a = args({ tracking })
      const { package: pkg } = await register(a)
      expect(pkg.tracking_code, JSON.stringify(tracking)).toBeNull()
    }
  })

  it('clears the op setting afterwards: later direct status changes in the same transaction are recorded', async () => {
    const a = args()
    const outcome = await attempt(db, admin.claims, async (tx) => {
      await tx.query(registerSql, params(a))
      const setting = (await tx.query<{ value: string }>(`select current_setting('app.status_event_op', true) as value`)).rows[0]?.value
      // Admins change a status only through the RPCs; a direct update is the owner's or service_role's.
      await tx.query(`set local role service_role`)
      await tx.query(`update public.packages set status = 'aduana' where id = $1`, [a.packageId])
      const { rows: events } = await tx.query<{ op_id: string }>(
        `select op_id from public.package_events where package_id = $1 order by recorded_at, id`,
        [a.packageId],
      )
      return { setting, events: events.map((event) => event.op_id === a.opId) }
    })
    expect(outcome).toEqual({ ok: true, value: { setting: '', events: [true, false] } })
  })

  it('a plain insert still records its initial event with a fresh op_id', async () => {
    const pkg = await createPackage(db, customer.id)
    const events = await eventsOf(pkg.id)
    expect(events).toEqual([{ status: 'recibido', op_id: expect.any(String), actor: null, outcome: 'applied' }])
  })
})

describe('apply_package_status', () => {
  interface Applied {
    outcome: 'applied' | 'superseded'
    package: PackageJson
  }
  const applySql = `select public.apply_package_status($1, $2, $3, '2025-01-02T03:04:05Z', $4) as result`
  const apply = async (opId: string, packageId: string, status: string, baseVersion: number) =>
    (await queryAs<{ result: Applied }>(db, admin.claims, applySql, [opId, packageId, status, baseVersion]))[0]!.result
  const tryApply = (opId: string, packageId: string, status: string, baseVersion: number) =>
    rowsAs<{ result: Applied }>(db, admin.claims, applySql, [opId, packageId, status, baseVersion])

  it('answers an unknown package with PT404', async () => {
    const missing = randomUUID()
    expect(await tryApply(randomUUID(), missing, 'transito', 1)).toEqual({ ok: false, code: 'PT404', message: `package ${missing} not found` })
  })

  it('refuses an op already recorded for another package or another status with PT409', async () => {
    const [pkg, second] = [await createPackage(db, customer.id), await createPackage(db, customer.id)]
    const op = randomUUID()
    const first = await apply(op, pkg.id, 'transito', 1)
    const conflict = { ok: false, code: 'PT409', message: `operation ${op} was already recorded for a different change` }
    expect(await tryApply(op, second.id, 'transito', 1)).toEqual(conflict)
    expect(await tryApply(op, pkg.id, 'aduana', 1)).toEqual(conflict)
    expect(await apply(op, pkg.id, 'transito', 1)).toEqual(first)
    expect((await packageById(db, second.id)).version).toBe(1)
  })

  it('refuses the op of an initial event (a registration or an insert) for another change', async () => {
    const pkg = await createPackage(db, customer.id)
    const { rows } = await db.query<{ op_id: string }>(`select op_id from public.package_events where package_id = $1`, [pkg.id])
    const other = await createPackage(db, customer.id)
    expect(await tryApply(rows[0]!.op_id, other.id, 'transito', 1)).toMatchObject({ ok: false, code: 'PT409' })
  })

  it('returns the package with its applied events, for applied, superseded and replayed ops alike', async () => {
    const pkg = await createPackage(db, customer.id)
    const applied = await apply(randomUUID(), pkg.id, 'transito', 1)
    expect(applied.package.events).toEqual(eventsJson('recibido', 'transito'))
    expect(applied.package).not.toHaveProperty('change_xid')
    const staleOp = randomUUID()
    const superseded = await apply(staleOp, pkg.id, 'entregado', 1)
    expect(superseded).toEqual({ outcome: 'superseded', package: applied.package })
    expect(await apply(staleOp, pkg.id, 'entregado', 1)).toEqual(superseded)
  })
})

describe('admin role guard', () => {
  it('an admin cannot remove their own admin role', async () => {
    const self = await createUser(db, 'self-demoting', { admin: true })
    for (const sql of [`update public.profiles set role = 'user' where id = $1`, `update public.profiles set role = null where id = $1`]) {
      const outcome = await attempt(db, self.claims, (tx) => tx.query(sql, [self.id]))
      expect(outcome).toMatchObject({ ok: false, code: '42501', message: 'admins cannot remove their own admin role' })
    }
    const unchanged = await rowsAs(
      db,
      self.claims,
      `update public.profiles set full_name = 'Still Admin', role = 'admin' where id = $1 returning role`,
      [self.id],
    )
    expect(unchanged).toEqual({ ok: true, value: [{ role: 'admin' }] })
    const { rows } = await db.query<{ role: string }>(`select role from public.profiles where id = $1`, [self.id])
    expect(rows[0]?.role).toBe('admin')
  })

  it('another admin may still demote them', async () => {
    const demoted = await createUser(db, 'demoted', { admin: true })
    const sql = `update public.profiles set role = 'user' where id = $1 returning role`
    const outcome = await queryAs<{ role: string }>(db, admin.claims, sql, [demoted.id])
    expect(outcome).toEqual([{ role: 'user' }])
  })
})
