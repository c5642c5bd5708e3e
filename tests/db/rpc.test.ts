import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Db,
  type PackageRow,
  type TestUser,
  anon,
  createPackage,
  createUser,
  openEmptyDatabase,
  packageById,
  queryAs,
  rowsAs,
} from './helpers.ts'

let db: Db
let admin: TestUser

beforeAll(async () => {
  db = await openEmptyDatabase()
  admin = await createUser(db, 'admin', { admin: true })
})

afterAll(async () => {
  await db?.close()
})

const eventsOf = async (packageId: string) =>
  (
    await db.query<{ status: string; outcome: string; op_id: string; actor: string | null }>(
      `select status, outcome, op_id, actor from public.package_events where package_id = $1 order by recorded_at, id`,
      [packageId],
    )
  ).rows

describe('signup trigger', () => {
  it('creates the profile from the auth user and a locker with a server-generated MIA code', async () => {
    const first = await createUser(db, 'signup', { phone: '+57 300 555 0101' })
    const second = await createUser(db, 'signup2')
    const { rows } = await db.query<{ id: string; email: string; full_name: string; phone: string | null; role: string; code: string }>(
      `select p.id, p.email, p.full_name, p.phone, p.role, l.code
       from public.profiles p join public.lockers l on l.user_id = p.id
       where p.id in ($1, $2) order by l.code`,
      [first.id, second.id],
    )
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({ id: first.id, email: first.email, full_name: 'signup user', phone: '+57 300 555 0101', role: 'user' })
    expect(rows[1]).toMatchObject({ id: second.id, phone: null, role: 'user' })
    expect(rows[0]?.code).toMatch(/^MIA\d{6}$/)
    expect(Number(rows[1]?.code.slice(3))).toBe(Number(rows[0]?.code.slice(3)) + 1)
  })

  it('numbers lockers from MIA100001 on a fresh database', async () => {
    const { rows } = await db.query<{ code: string }>(`select code from public.lockers where user_id = $1`, [admin.id])
    expect(rows[0]?.code).toBe('MIA100001')
  })

  it('keeps the profile email in step with auth.users', async () => {
    const user = await createUser(db, 'mover')
    await db.query(`update auth.users set email = 'moved@example.test' where id = $1`, [user.id])
    const { rows } = await db.query<{ email: string }>(`select email from public.profiles where id = $1`, [user.id])
    expect(rows[0]?.email).toBe('moved@example.test')
  })
})

describe('get_package_by_token', () => {
  let owner: TestUser
  let pkg: PackageRow

  beforeAll(async () => {
    owner = await createUser(db, 'tracked')
    pkg = await createPackage(db, owner.id, { status: 'transito', tracking_code: '1Z999AA10123456784', weight_kg: 4.2 })
  })

  it('returns only the public fields to anyone holding the token', async () => {
    const outcome = await rowsAs(db, anon, `select * from public.get_package_by_token($1)`, [pkg.public_token])
    expect(outcome.ok).toBe(true)
    const rows = outcome.ok ? outcome.value : []
    expect(rows).toHaveLength(1)
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['locker_code', 'status', 'tracking_code', 'updated_at', 'volume_m3', 'weight_kg'])
    expect(rows[0]).toMatchObject({ status: 'transito', locker_code: pkg.locker_code, tracking_code: '1Z999AA10123456784', weight_kg: '4.2' })
  })

  it('returns nothing for an unknown token', async () => {
    expect(await rowsAs(db, anon, `select * from public.get_package_by_token($1)`, [randomUUID()])).toEqual({ ok: true, value: [] })
  })

  it('rejects a malformed token with 22P02', async () => {
    const outcome = await rowsAs(db, anon, `select * from public.get_package_by_token($1)`, ['not-a-uuid'])
    expect(outcome).toMatchObject({ ok: false, code: '22P02' })
  })

  it('returns nothing for a soft-deleted package', async () => {
    const gone = await createPackage(db, owner.id, { deleted: true })
    expect(await rowsAs(db, anon, `select * from public.get_package_by_token($1)`, [gone.public_token])).toEqual({ ok: true, value: [] })
  })
})

interface ApplyResult {
  outcome: 'applied' | 'superseded'
  package: Record<string, unknown> & { id: string; status: string; version: number }
}

describe('apply_package_status', () => {
  let owner: TestUser

  const apply = (claims: TestUser['claims'], opId: string, packageId: string, status: string, baseVersion: number) =>
    rowsAs<{ result: ApplyResult }>(
      db,
      claims,
      `select public.apply_package_status($1, $2, $3, '2025-01-02T03:04:05Z', $4) as result`,
      [opId, packageId, status, baseVersion],
    )

  /** Commits, unlike `apply`, so later calls see the change. */
  const applyCommitted = async (opId: string, packageId: string, status: string, baseVersion: number) => {
    const [row] = await queryAs<{ result: ApplyResult }>(
      db,
      admin.claims,
      `select public.apply_package_status($1, $2, $3, '2025-01-02T03:04:05Z', $4) as result`,
      [opId, packageId, status, baseVersion],
    )
    return row!.result
  }

  beforeAll(async () => {
    owner = await createUser(db, 'applied')
  })

  it('applies a change at the current version, bumps the version and records the event', async () => {
    const pkg = await createPackage(db, owner.id)
    const opId = randomUUID()
    const result = await applyCommitted(opId, pkg.id, 'consolidacion', pkg.version)
    expect(result.outcome).toBe('applied')
    expect(result.package).toMatchObject({ id: pkg.id, status: 'consolidacion', version: pkg.version + 1, public_token: pkg.public_token })
    expect(result.package).not.toHaveProperty('change_xid')
    expect(await eventsOf(pkg.id)).toEqual([
      { status: 'recibido', outcome: 'applied', op_id: expect.any(String), actor: null },
      { status: 'consolidacion', outcome: 'applied', op_id: opId, actor: admin.id },
    ])
    const { rows } = await db.query<{ changed_at: Date }>(`select changed_at from public.package_events where op_id = $1`, [opId])
    expect(rows[0]?.changed_at.toISOString()).toBe('2025-01-02T03:04:05.000Z')
  })

  it('is idempotent on op_id: a replay returns the first outcome and records nothing new', async () => {
    const pkg = await createPackage(db, owner.id)
    const opId = randomUUID()
    const first = await applyCommitted(opId, pkg.id, 'transito', pkg.version)
    const replay = await applyCommitted(opId, pkg.id, 'transito', pkg.version)
    expect(replay).toEqual(first)
    const later = await applyCommitted(randomUUID(), pkg.id, 'aduana', first.package.version)
    const lateReplay = await applyCommitted(opId, pkg.id, 'transito', pkg.version)
    expect(lateReplay).toEqual({ outcome: 'applied', package: later.package })
    expect((await eventsOf(pkg.id)).map((event) => event.status)).toEqual(['recibido', 'transito', 'aduana'])
  })

  it('records a change made from a stale version as superseded and leaves the package alone', async () => {
    const pkg = await createPackage(db, owner.id)
    await applyCommitted(randomUUID(), pkg.id, 'transito', pkg.version)
    const current = await packageById(db, pkg.id)
    const staleOp = randomUUID()
    const stale = await applyCommitted(staleOp, pkg.id, 'entregado', pkg.version)
    expect(stale.outcome).toBe('superseded')
    expect(stale.package).toMatchObject({ status: 'transito', version: current.version })
    expect(await packageById(db, pkg.id)).toEqual(current)
    expect((await eventsOf(pkg.id)).at(-1)).toEqual({ status: 'entregado', outcome: 'superseded', op_id: staleOp, actor: admin.id })
    expect(await applyCommitted(staleOp, pkg.id, 'entregado', current.version)).toMatchObject({ outcome: 'superseded' })
  })

  it('rejects an unknown status with a check violation and records nothing', async () => {
    const pkg = await createPackage(db, owner.id)
    for (const version of [pkg.version, pkg.version + 7]) {
      const outcome = await apply(admin.claims, randomUUID(), pkg.id, 'perdido', version)
      expect(outcome).toMatchObject({ ok: false, code: '23514' })
    }
    expect(await eventsOf(pkg.id)).toHaveLength(1)
  })

  it('rejects an unknown package with PT404 (HTTP 404)', async () => {
    const outcome = await apply(admin.claims, randomUUID(), randomUUID(), 'transito', 1)
    expect(outcome).toMatchObject({ ok: false, code: 'PT404', message: expect.stringMatching(/^package .* not found$/) })
  })

  it('rejects a caller who is not an admin with 42501', async () => {
    const pkg = await createPackage(db, owner.id)
    const outcome = await apply(owner.claims, randomUUID(), pkg.id, 'transito', pkg.version)
    expect(outcome).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied/) })
    expect(await eventsOf(pkg.id)).toHaveLength(1)
  })

  it('a direct status update (the owner’s or service_role’s; admins use the RPCs) is recorded in the history too', async () => {
    const pkg = await createPackage(db, owner.id)
    await queryAs(db, { role: 'service_role', sub: admin.id }, `update public.packages set status = 'disponible' where id = $1`, [pkg.id])
    expect((await eventsOf(pkg.id)).map((event) => [event.status, event.actor])).toEqual([
      ['recibido', null],
      ['disponible', admin.id],
    ])
  })
})

describe('package bounds', () => {
  let owner: TestUser

  beforeAll(async () => {
    owner = await createUser(db, 'bounds')
  })

  const insert = (column: string, value: unknown) =>
    rowsAs(db, admin.claims, `insert into public.packages (user_id, ${column}) values ($1, $2) returning id`, [owner.id, value])

  it('accepts weights from 0 to 32 kg and rejects 33 with the weight constraint', async () => {
    expect(await insert('weight_kg', 0)).toMatchObject({ ok: true })
    expect(await insert('weight_kg', 32)).toMatchObject({ ok: true })
    expect(await insert('weight_kg', 33)).toMatchObject({
      ok: false,
      code: '23514',
      message: expect.stringContaining('violates check constraint "packages_weight_kg_range"'),
    })
    expect(await insert('weight_kg', -0.01)).toMatchObject({ ok: false, code: '23514' })
  })

  it('rejects a negative volume', async () => {
    expect(await insert('volume_m3', 0)).toMatchObject({ ok: true })
    expect(await insert('volume_m3', -0.0001)).toMatchObject({
      ok: false,
      code: '23514',
      message: expect.stringContaining('packages_volume_m3_non_negative'),
    })
  })

  it('accepts a JSON object as meta and rejects an array', async () => {
    expect(await insert('meta', { photos: ['a.jpg'] })).toMatchObject({ ok: true })
    expect(await insert('meta', ['a.jpg'])).toMatchObject({ ok: false, code: '23514', message: expect.stringContaining('packages_meta_is_object') })
  })

  it('rejects a status outside the six values', async () => {
    expect(await insert('status', 'en_transito')).toMatchObject({ ok: false, code: '23514' })
  })

  it('fills the locker code from the owner and ignores client-sent version and timestamps', async () => {
    const outcome = await rowsAs<{ locker_code: string; version: number; created_at: Date; code: string }>(
      db,
      admin.claims,
      `insert into public.packages (user_id, version, created_at, updated_at) values ($1, 42, '2000-01-01', '2000-01-01')
       returning locker_code, version, created_at, (select code from public.lockers where user_id = $1) as code`,
      [owner.id],
    )
    const [row] = outcome.ok ? outcome.value : []
    expect(row?.locker_code).toBe(row?.code)
    expect(row?.version).toBe(1)
    expect(row?.created_at.getFullYear()).toBeGreaterThan(2000)
  })
})

interface PullResult {
  packages: (Record<string, unknown> & { id: string; status: string; deleted_at: string | null; events: { status: string }[] })[]
  checkpoint: string | null
  has_more: boolean
}

describe('pull_packages', () => {
  let customer: TestUser
  let other: TestUser
  let mine: PackageRow[]

  const pull = async (claims: TestUser['claims'], since: string | null, limit?: number) => {
    const [row] = await queryAs<{ result: PullResult }>(
      db,
      claims,
      limit === undefined ? `select public.pull_packages($1) as result` : `select public.pull_packages($1, $2) as result`,
      limit === undefined ? [since] : [since, limit],
    )
    return row!.result
  }

  beforeAll(async () => {
    customer = await createUser(db, 'puller')
    other = await createUser(db, 'other')
    mine = []
    for (let i = 0; i < 5; i++) {
      mine.push(await createPackage(db, customer.id))
      await createPackage(db, other.id)
    }
  })

  it('pages through only the caller’s packages in (change_xid, id) order with a checkpoint', async () => {
    const pages: PullResult[] = []
    let since: string | null = null
    do {
      pages.push(await pull(customer.claims, since, 2))
      since = pages.at(-1)!.checkpoint
    } while (pages.at(-1)!.has_more)
    expect(pages.map((page) => page.packages.length)).toEqual([2, 2, 1])
    expect(pages.flatMap((page) => page.packages.map((p) => p.id))).toEqual(mine.map((p) => p.id))
    const last = mine.at(-1)!
    expect(since).toBe(`${last.change_xid}:${last.id}`)
    expect(await pull(customer.claims, since, 2)).toEqual({ packages: [], checkpoint: since, has_more: false })
  })

  it('treats a null or empty checkpoint as the start and defaults to 500 rows', async () => {
    for (const since of [null, '']) {
      const result = await pull(customer.claims, since)
      expect(result.packages.map((p) => p.id)).toEqual(mine.map((p) => p.id))
      expect(result.has_more).toBe(false)
    }
  })

  it('delivers a changed package again, with its applied events embedded and no change_xid', async () => {
    const start = (await pull(customer.claims, null)).checkpoint
    const target = mine[1]!
    await queryAs(db, admin.claims, `select public.apply_package_status(gen_random_uuid(), $1, 'transito', now(), $2)`, [target.id, target.version])
    await queryAs(db, admin.claims, `select public.apply_package_status(gen_random_uuid(), $1, 'aduana', now(), $2)`, [target.id, target.version])
    const result = await pull(customer.claims, start)
    expect(result.packages).toHaveLength(1)
    const [delivered] = result.packages
    expect(delivered).toMatchObject({ id: target.id, status: 'transito', version: 2, public_token: target.public_token, deleted_at: null })
    expect(delivered).not.toHaveProperty('change_xid')
    expect(delivered?.events).toEqual([
      { status: 'recibido', changed_at: expect.any(String), recorded_at: expect.any(String) },
      { status: 'transito', changed_at: expect.any(String), recorded_at: expect.any(String) },
    ])
  })

  it('delivers soft deletes as tombstones', async () => {
    const start = (await pull(customer.claims, null)).checkpoint
    await queryAs(db, admin.claims, `update public.packages set deleted_at = now() where id = $1`, [mine[0]!.id])
    const result = await pull(customer.claims, start)
    expect(result.packages.map((p) => [p.id, p.deleted_at !== null])).toEqual([[mine[0]!.id, true]])
  })

  it('gives an admin every customer’s packages', async () => {
    const result = await pull(admin.claims, null, 1000)
    const owners = new Set(result.packages.map((p) => p.user_id))
    expect(owners.has(customer.id) && owners.has(other.id)).toBe(true)
  })

  it('rejects a malformed checkpoint', async () => {
    const outcome = await rowsAs(db, customer.claims, `select public.pull_packages('garbage', 10)`)
    expect(outcome).toMatchObject({ ok: false, code: '22P02' })
  })
})
