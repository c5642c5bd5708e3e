import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import {
  type Db,
  type Outcome,
  type PackageRow,
  type TestUser,
  anon,
  attempt,
  createPackage,
  createUser,
  openEmptyDatabase,
  packageById,
  rowsAs,
} from './helpers.ts'

type Actor = 'anon' | 'A' | 'B' | 'admin'
type Op = 'select' | 'insert' | 'update' | 'delete'
type Table = 'profiles' | 'lockers' | 'packages' | 'package_events'

/** What one cell must do: return rows owned by these users, or fail with 42501 for this reason. */
type Expected = { owners: Actor[] } | { denied: 'no privilege' | 'rls' }

const noPrivilege = { denied: 'no privilege' } as const
const rlsViolation = { denied: 'rls' } as const
const owners = (...list: Actor[]): Expected => ({ owners: list })

// Fixture: customer A has two packages (one soft-deleted), B has one, the admin none.
const matrix: Record<Table, Record<Op, Record<Actor, Expected>>> = {
  profiles: {
    select: { anon: owners(), A: owners('A'), B: owners('B'), admin: owners('A', 'B', 'admin') },
    insert: { anon: noPrivilege, A: noPrivilege, B: noPrivilege, admin: noPrivilege },
    update: { anon: noPrivilege, A: owners('A'), B: owners('B'), admin: owners('A', 'B', 'admin') },
    delete: { anon: noPrivilege, A: noPrivilege, B: noPrivilege, admin: noPrivilege },
  },
  lockers: {
    select: { anon: owners(), A: owners('A'), B: owners('B'), admin: owners('A', 'B', 'admin') },
    insert: { anon: noPrivilege, A: noPrivilege, B: noPrivilege, admin: noPrivilege },
    update: { anon: noPrivilege, A: noPrivilege, B: noPrivilege, admin: noPrivilege },
    delete: { anon: noPrivilege, A: noPrivilege, B: noPrivilege, admin: noPrivilege },
  },
  packages: {
    select: { anon: owners(), A: owners('A', 'A'), B: owners('B'), admin: owners('A', 'A', 'B') },
    insert: { anon: noPrivilege, A: rlsViolation, B: rlsViolation, admin: owners('A') },
    update: { anon: noPrivilege, A: owners(), B: owners(), admin: owners('A', 'A', 'B') },
    delete: { anon: noPrivilege, A: noPrivilege, B: noPrivilege, admin: noPrivilege },
  },
  package_events: {
    select: { anon: owners(), A: owners('A', 'A'), B: owners('B'), admin: owners('A', 'A', 'B') },
    insert: { anon: noPrivilege, A: noPrivilege, B: noPrivilege, admin: noPrivilege },
    update: { anon: noPrivilege, A: noPrivilege, B: noPrivilege, admin: noPrivilege },
    delete: { anon: noPrivilege, A: noPrivilege, B: noPrivilege, admin: noPrivilege },
  },
}

const deniedMessage = { 'no privilege': /permission denied for table/, rls: /row-level security policy/ }

let db: Db
let users: Record<Exclude<Actor, 'anon'>, TestUser>
let packageA: PackageRow
let packageB: PackageRow
/** Maps user ids and package ids to the actor who owns them. */
const ownerOf = new Map<string, Actor>()

const claimsOf = (actor: Actor): JwtClaims | null => (actor === 'anon' ? anon : users[actor].claims)
const userIdFor = (actor: Actor) => (actor === 'anon' || actor === 'admin' ? users.A.id : users[actor].id)

/** The statement for one cell; every statement returns `key`, an id that ownerOf resolves. */
function statementFor(table: Table, op: Op, actor: Actor): [string, unknown[]] {
  const key = { profiles: 'id', lockers: 'user_id', packages: 'user_id', package_events: 'package_id' }[table]
  const touch = { profiles: 'full_name', lockers: 'code', packages: 'tracking_code', package_events: 'status' }[table]
  switch (op) {
    case 'select':
      return [`select ${key} as key from public.${table}`, []]
    case 'update':
      return [`update public.${table} set ${touch} = ${touch} returning ${key} as key`, []]
    case 'delete':
      return [`delete from public.${table} returning ${key} as key`, []]
    case 'insert':
      return insertFor(table, actor)
  }
}

function insertFor(table: Table, actor: Actor): [string, unknown[]] {
  switch (table) {
    case 'profiles':
      return [`insert into public.profiles (id, email) values ($1, 'intruder@example.test') returning id as key`, [randomUUID()]]
    case 'lockers':
      return [`insert into public.lockers (user_id, code) values ($1, 'MIA999999') returning user_id as key`, [userIdFor(actor)]]
    case 'packages':
      return [`insert into public.packages (user_id) values ($1) returning user_id as key`, [userIdFor(actor)]]
    case 'package_events':
      return [
        `insert into public.package_events (package_id, status, op_id, outcome)
         values ($1, 'entregado', gen_random_uuid(), 'applied') returning package_id as key`,
        [packageA.id],
      ]
  }
}

function expectCell(outcome: Outcome<{ key: string }[]>, expected: Expected) {
  if ('owners' in expected) {
    expect(outcome).toMatchObject({ ok: true })
    const rows = outcome.ok ? outcome.value : []
    expect(rows.map((row) => ownerOf.get(row.key)).sort()).toEqual([...expected.owners].sort())
  } else {
    expect(outcome).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(deniedMessage[expected.denied]) })
  }
}

beforeAll(async () => {
  db = await openEmptyDatabase()
  users = { A: await createUser(db, 'a'), B: await createUser(db, 'b'), admin: await createUser(db, 'admin', { admin: true }) }
  packageA = await createPackage(db, users.A.id)
  const deletedA = await createPackage(db, users.A.id, { deleted: true })
  packageB = await createPackage(db, users.B.id)
  for (const actor of ['A', 'B', 'admin'] as const) ownerOf.set(users[actor].id, actor)
  ownerOf.set(packageA.id, 'A').set(deletedA.id, 'A').set(packageB.id, 'B')
})

afterAll(async () => {
  await db?.close()
})

describe.each(Object.keys(matrix) as Table[])('%s', (table) => {
  const cells = (Object.keys(matrix[table]) as Op[]).flatMap((op) =>
    (Object.keys(matrix[table][op]) as Actor[]).map((actor) => ({ op, actor, expected: matrix[table][op][actor] })),
  )
  it.each(cells)('$op as $actor', async ({ op, actor, expected }) => {
    const [sql, params] = statementFor(table, op, actor)
    expectCell(await rowsAs<{ key: string }>(db, claimsOf(actor), sql, params), expected)
  })
})

describe('escalation attempts', () => {
  it('a customer cannot make themself admin: the role change fails with 42501 and nothing changes', async () => {
    const outcome = await attempt(db, users.A.claims, (tx) =>
      tx.query(`update public.profiles set role = 'admin' where id = $1`, [users.A.id]),
    )
    expect(outcome).toMatchObject({ ok: false, code: '42501', message: 'only admins can change a role' })
    const { rows } = await db.query<{ role: string }>(`select role from public.profiles where id = $1`, [users.A.id])
    expect(rows[0]?.role).toBe('user')
  })

  it('a customer cannot change their email or id, but can edit their own contact fields', async () => {
    const email = await rowsAs(db, users.A.claims, `update public.profiles set email = 'new@example.test' where id = $1`, [users.A.id])
    expect(email).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied for table profiles/) })
    const id = await rowsAs(db, users.A.claims, `update public.profiles set id = gen_random_uuid() where id = $1`, [users.A.id])
    expect(id).toMatchObject({ ok: false, code: '42501' })
    const own = await rowsAs<{ full_name: string; city: string; role: string }>(
      db,
      users.A.claims,
      `update public.profiles set full_name = 'Ana Pérez', phone = '+1 305 555 0100', country = 'Colombia',
         delivery_address = 'Calle 10 # 5-20', city = 'Bogotá', postal_code = '110111', id_number = 'CC 123'
       where id = $1 returning full_name, city, role`,
      [users.A.id],
    )
    expect(own).toEqual({ ok: true, value: [{ full_name: 'Ana Pérez', city: 'Bogotá', role: 'user' }] })
  })

  it("a customer cannot edit another customer's profile (no row matches)", async () => {
    const outcome = await rowsAs(db, users.A.claims, `update public.profiles set full_name = 'Hacked' where id = $1 returning id`, [users.B.id])
    expect(outcome).toEqual({ ok: true, value: [] })
  })

  it('an admin may change name, phone and role of others, but not their address fields', async () => {
    const allowed = await rowsAs<{ role: string }>(
      db,
      users.admin.claims,
      `update public.profiles set full_name = 'Bea', phone = '555', role = 'admin' where id = $1 returning role`,
      [users.B.id],
    )
    expect(allowed).toEqual({ ok: true, value: [{ role: 'admin' }] })
    const address = await rowsAs(db, users.admin.claims, `update public.profiles set city = 'Quito' where id = $1`, [users.B.id])
    expect(address).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/only the full name, phone and role/) })
  })

  it('a customer cannot insert a package for someone else', async () => {
    const outcome = await rowsAs(db, users.A.claims, `insert into public.packages (user_id) values ($1)`, [users.B.id])
    expect(outcome).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/row-level security/) })
  })

  it("a customer cannot read another customer's package, locker or events by id", async () => {
    const events = await rowsAs(db, users.A.claims, `select * from public.package_events where package_id = $1`, [packageB.id])
    const pkg = await rowsAs(db, users.A.claims, `select * from public.packages where id = $1`, [packageB.id])
    const locker = await rowsAs(db, users.A.claims, `select * from public.lockers where user_id = $1`, [users.B.id])
    expect([events, pkg, locker]).toEqual([
      { ok: true, value: [] },
      { ok: true, value: [] },
      { ok: true, value: [] },
    ])
  })

  it('anon cannot enumerate packages, profiles, lockers or events, even by token or id', async () => {
    const probes = [
      `select * from public.packages where public_token = '${packageA.public_token}'`,
      `select * from public.profiles where id = '${users.A.id}'`,
      'select * from public.lockers',
      'select * from public.package_events',
    ]
    for (const sql of probes) expect(await rowsAs(db, anon, sql)).toEqual({ ok: true, value: [] })
  })

  it('a customer cannot call apply_package_status, and anon cannot even execute it', async () => {
    const call = `select public.apply_package_status(gen_random_uuid(), $1, 'entregado', now(), $2)`
    const customer = await rowsAs(db, users.A.claims, call, [packageA.id, packageA.version])
    expect(customer).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/only admins/) })
    const anonymous = await rowsAs(db, anon, call, [packageA.id, packageA.version])
    expect(anonymous).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied for function/) })
    expect((await packageById(db, packageA.id)).status).toBe('recibido')
  })

  it('a customer cannot set version or change_xid on their own package (no privilege on those columns)', async () => {
    const outcome = await rowsAs(
      db,
      users.A.claims,
      `update public.packages set version = 999, change_xid = '1'::xid8 where id = $1 returning id`,
      [packageA.id],
    )
    expect(outcome).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied for table packages/) })
    const after = await packageById(db, packageA.id)
    expect([after.version, after.change_xid]).toEqual([packageA.version, packageA.change_xid])
  })

  it('even an admin cannot set version or change_xid, and where someone may (service_role) the trigger overrides them', async () => {
    const sql = `update public.packages set version = 999, change_xid = '1'::xid8 where id = $1
       returning version, change_xid::text, pg_current_xact_id()::text as mine`
    expect(await rowsAs(db, users.admin.claims, sql, [packageA.id])).toMatchObject({ ok: false, code: '42501' })
    const outcome = await rowsAs<{ version: number; change_xid: string; mine: string }>(db, { role: 'service_role' }, sql, [packageA.id])
    expect(outcome.ok).toBe(true)
    const [row] = outcome.ok ? outcome.value : []
    expect(row?.version).toBe(packageA.version + 1)
    expect(row?.change_xid).toBe(row?.mine)
  })

  it('no one writes package_events directly, not even an admin', async () => {
    const sql = `insert into public.package_events (package_id, status, op_id, outcome) values ($1, 'entregado', gen_random_uuid(), 'applied')`
    for (const claims of [users.A.claims, users.admin.claims]) {
      expect(await rowsAs(db, claims, sql, [packageA.id])).toMatchObject({ ok: false, code: '42501' })
    }
  })

  it('an admin deletes softly: hard DELETE is denied, setting deleted_at works', async () => {
    const hard = await rowsAs(db, users.admin.claims, `delete from public.packages where id = $1`, [packageA.id])
    expect(hard).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied/) })
    const soft = await rowsAs<{ deleted: boolean }>(
      db,
      users.admin.claims,
      `update public.packages set deleted_at = now() where id = $1 returning deleted_at is not null as deleted`,
      [packageA.id],
    )
    expect(soft).toEqual({ ok: true, value: [{ deleted: true }] })
  })

  it('service_role bypasses RLS (as on Supabase)', async () => {
    const outcome = await rowsAs(db, { role: 'service_role' }, 'select id from public.profiles')
    expect(outcome.ok && outcome.value.length).toBe(3)
  })

  it('withClaims refuses roles other than the three API roles', async () => {
    const claims = { role: 'postgres' } as unknown as JwtClaims
    await expect(rowsAs(db, claims, 'select 1')).rejects.toThrow(/anon, authenticated or service_role/)
  })
})
