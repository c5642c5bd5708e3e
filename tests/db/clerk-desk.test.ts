import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Engine, createApiUser, engines } from './engines.ts'
import type { Claims } from './role-fixture.ts'

// The pulls a staff device makes serve a clerk as they serve an admin: the working set, the
// directory, the staff's profiles, a customer's account; and a customer still pulls only their own.
describe.each(engines)('$engine: a clerk’s desk', ({ open }) => {
  let db: Engine
  let clerk: Claims
  let admin: Claims
  let customer: Claims
  let packageId: string

  beforeAll(async () => {
    db = await open()
    clerk = await createApiUser(db, 'clerk')
    admin = await createApiUser(db, true)
    customer = await createApiUser(db)
    packageId = randomUUID()
    await db.as(clerk)(`select public.register_package($1, $2, $3, $4, 'recibido', 'DESK-1', 2.5, 0.02, null)`, [randomUUID(), packageId, customer.sub, randomUUID()])
    await db.as(clerk)(`select public.record_payment($1, $2, 1200, 'zelle', null)`, [randomUUID(), customer.sub])
  }, 120_000)
  afterAll(() => db?.close())

  const pull = async <T,>(caller: Claims, call: string, params: unknown[] = []) => (await db.as(caller)<{ page: T }>(`select ${call} as page`, params))[0]!.page

  it('pulls the open packages of every customer, the directory and the working set’s counts', async () => {
    const packages = await pull<{ packages: { id: string }[] }>(clerk, `public.pull_packages(null, 500, 'open')`)
    expect(packages.packages.map((row) => row.id)).toContain(packageId)
    const directory = await pull<{ customers: unknown[][] }>(clerk, `public.pull_directory(null)`)
    expect(directory.customers.map((tuple) => tuple[0])).toEqual(expect.arrayContaining([customer.sub, clerk.sub, admin.sub]))
    const counts = await pull<{ open: { packages: number } }>(clerk, `public.working_set_counts()`)
    expect(counts.open.packages).toBe(1)
  })

  it('pulls the staff’s full profiles (the clerks’ and the admins’), not the customers’', async () => {
    const { profiles } = await pull<{ profiles: { id: string; role: string }[] }>(clerk, `public.pull_profiles(null)`)
    expect(profiles.map((row) => [row.id, row.role]).sort()).toEqual([[admin.sub, 'admin'], [clerk.sub, 'clerk']].sort())
    const mine = await pull<{ profiles: { id: string }[] }>(customer, `public.pull_profiles(null)`)
    expect(mine.profiles.map((row) => row.id)).toEqual([customer.sub])
  })

  it('reads a customer’s account and every balance, which a customer may not', async () => {
    const entries = await pull<{ entries: { amount_cents: number }[] }>(clerk, `public.pull_account_entries(null, 500, $1)`, [customer.sub])
    expect(entries.entries.map((row) => row.amount_cents)).toEqual([-1200])
    const balances = await pull<{ balances: { user_id: string; balance_cents: number }[] }>(clerk, `public.pull_account_balances(null)`)
    expect(balances.balances).toEqual([expect.objectContaining({ user_id: customer.sub, balance_cents: -1200 })])
    const other = await createApiUser(db)
    expect(await db.attempt(other, (query) => query(`select public.pull_account_entries(null, 500, $1)`, [customer.sub]))).toMatchObject({
      ok: false, code: '42501', message: "permission denied: only staff read another customer's account" })
  })

  it('finds an old package in the whole history', async () => {
    const [row] = await db.as(clerk)<{ found: { packages: { id: string }[] } }>(`select public.search_history('DESK') as found`)
    expect(row!.found.packages.map((found) => found.id)).toEqual([packageId])
  })
})
