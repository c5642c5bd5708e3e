import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, type TestUser, anon, createPackage, createUser, openEmptyDatabase, packageById, queryAs, rowsAs } from './helpers.ts'

// apply_package_statuses: a batch of status changes, each as apply_package_status would apply it.

let db: Db
let admin: TestUser
let customer: TestUser

beforeAll(async () => {
  db = await openEmptyDatabase()
  admin = await createUser(db, 'admin', { admin: true })
  customer = await createUser(db, 'customer')
})

afterAll(async () => {
  await db?.close()
})

interface Result {
  op_id: string
  outcome?: string
  package?: { id: string; status: string; version: number; events: unknown[] }
  error?: { code: string; message: string }
}

const change = (packageId: string, status: string, baseVersion: number, opId = randomUUID()) => ({
  op_id: opId,
  package_id: packageId,
  status,
  changed_at: '2026-01-02T03:04:05Z',
  base_version: baseVersion,
})

async function batch(changes: unknown, user: TestUser | null = admin) {
  const [row] = await queryAs<{ results: Result[] }>(db, user?.claims ?? anon, `select public.apply_package_statuses($1::jsonb) as results`, [JSON.stringify(changes)])
  return row!.results
}

const eventCount = async (opId: string) => (await db.query<{ n: number }>(`select count(*)::int as n from public.package_events where op_id = $1`, [opId])).rows[0]!.n

describe('apply_package_statuses', () => {
  it('applies each change in order and answers each with its outcome and package', async () => {
    const [a, b] = [await createPackage(db, customer.id), await createPackage(db, customer.id)]
    const changes = [change(a.id, 'transito', a.version), change(b.id, 'aduana', b.version)]
    const results = await batch(changes)
    expect(results).toEqual([
      expect.objectContaining({ op_id: changes[0]!.op_id, outcome: 'applied', package: expect.objectContaining({ id: a.id, status: 'transito', version: 2 }) }),
      expect.objectContaining({ op_id: changes[1]!.op_id, outcome: 'applied', package: expect.objectContaining({ id: b.id, status: 'aduana', version: 2 }) }),
    ])
    expect(results[0]!.package!.events).toHaveLength(2)
  })

  it('is idempotent per op: a replayed batch records nothing twice', async () => {
    const pkg = await createPackage(db, customer.id)
    const changes = [change(pkg.id, 'disponible', pkg.version)]
    await batch(changes)
    const again = await batch(changes)
    expect(again[0]).toMatchObject({ outcome: 'applied', package: { status: 'disponible', version: 2 } })
    expect(await eventCount(changes[0]!.op_id)).toBe(1)
  })

  it('reports a change made on an older version as superseded', async () => {
    const pkg = await createPackage(db, customer.id)
    await batch([change(pkg.id, 'aduana', pkg.version)])
    const [result] = await batch([change(pkg.id, 'entregado', pkg.version)])
    expect(result).toMatchObject({ outcome: 'superseded', package: { status: 'aduana', version: 2 } })
  })

  it('keeps going past a change that fails, answering it with its SQLSTATE and message, and applies the rest', async () => {
    const pkg = await createPackage(db, customer.id)
    const used = randomUUID()
    await batch([change(pkg.id, 'transito', pkg.version, used)])
    const changes = [
      change(randomUUID(), 'transito', 1),
      change(pkg.id, 'bogus', 2),
      change(pkg.id, 'aduana', 2, used),
      { op_id: 'not-a-uuid', package_id: pkg.id, status: 'aduana', base_version: 2 },
      change(pkg.id, 'disponible', 2),
    ]
    const results = await batch(changes)
    expect(results.map((result) => result.error?.code ?? result.outcome)).toEqual(['PT404', '23514', 'PT409', '22P02', 'applied'])
    expect(results[0]!.error!.message).toMatch(/not found/)
    expect((await packageById(db, pkg.id)).status).toBe('disponible')
    // The failed ones left nothing behind.
    expect(await eventCount(changes[1]!.op_id)).toBe(0)
  })

  it('refuses a customer and anon, and anything but an array of at most 100 changes', async () => {
    const pkg = await createPackage(db, customer.id)
    expect(await rowsAs(db, customer.claims, `select public.apply_package_statuses($1::jsonb)`, [JSON.stringify([change(pkg.id, 'aduana', 1)])])).toMatchObject({ ok: false, code: '42501' })
    expect(await rowsAs(db, anon, `select public.apply_package_statuses('[]'::jsonb)`)).toMatchObject({ ok: false, code: '42501' })
    expect(await rowsAs(db, admin.claims, `select public.apply_package_statuses('{}'::jsonb)`)).toMatchObject({ ok: false, code: '22023' })
    const tooMany = Array.from({ length: 101 }, () => change(pkg.id, 'aduana', 1))
    expect(await rowsAs(db, admin.claims, `select public.apply_package_statuses($1::jsonb)`, [JSON.stringify(tooMany)])).toMatchObject({ ok: false, code: '22023' })
    expect((await packageById(db, pkg.id)).version).toBe(1)
  })
})
