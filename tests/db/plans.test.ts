import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine, type Query } from './engines.ts'

// Plans on PGlite and PostgreSQL 15: Basic by default, set by admins only, pulled with the profile.

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: JwtClaims & { sub: string }
  let customer: JwtClaims & { sub: string }
  let other: JwtClaims & { sub: string }

  const createUser = (asAdmin = false) => createApiUser(db, asAdmin)
  const planOf = async (id: string) => (await db.owner<{ plan: string }>(`select plan from public.profiles where id = $1`, [id]))[0]!.plan
  const setPlan = (caller: JwtClaims | null, id: string, plan: string) =>
    db.attempt(caller, (query) => query(`update public.profiles set plan = $2 where id = $1 returning plan`, [id, plan]))

  beforeAll(async () => {
    db = await open()
    admin = await createUser(true)
    customer = await createUser()
    other = await createUser()
  }, 60_000)
  afterAll(() => db?.close())

  it('a new customer is on Basic', async () => {
    expect(await planOf(customer.sub)).toBe('basic')
  })

  it('an admin sets any plan, and only the three that exist', async () => {
    expect(await setPlan(admin, customer.sub, 'premium')).toEqual({ ok: true, value: [{ plan: 'premium' }] })
    expect(await setPlan(admin, customer.sub, 'gold')).toMatchObject({ ok: false, code: '23514' })
  })

  it('a customer cannot change their own plan, nor anyone else’s', async () => {
    expect(await setPlan(customer, customer.sub, 'premium')).toMatchObject({ ok: false, code: '42501', message: 'only admins can change a plan' })
    // Another customer's row is not even visible to update.
    expect(await setPlan(customer, other.sub, 'premium')).toEqual({ ok: true, value: [] })
    expect(await setPlan(null, customer.sub, 'premium')).toMatchObject({ ok: false, code: '42501' })
    expect(await planOf(other.sub)).toBe('basic')
  })

  it('a customer still saves their own contact details', async () => {
    const saved = await db.attempt(customer, (query) => query(`update public.profiles set city = 'Valencia' where id = $1 returning city, plan`, [customer.sub]))
    expect(saved).toEqual({ ok: true, value: [{ city: 'Valencia', plan: 'basic' }] })
  })

  it('whether consolidating is free is the plans table’s to say: shipment_price follows it', async () => {
    const consolidation = (query: Query, plan: string) =>
      query<{ cents: number }>(`select (public.shipment_price($1, 1, 0, 'standard', false, 0, 2) ->> 'consolidation_cents')::int as cents`, [plan])
    const prices = await db.attempt('owner', async (query) => {
      const before = [...(await consolidation(query, 'basic')), ...(await consolidation(query, 'standard'))]
      await query(`update public.plans set free_consolidation = not free_consolidation where id in ('basic', 'standard')`)
      return { before, after: [...(await consolidation(query, 'basic')), ...(await consolidation(query, 'standard'))] }
    })
    expect(prices).toEqual({ ok: true, value: { before: [{ cents: 500 }, { cents: 0 }], after: [{ cents: 0 }, { cents: 500 }] } })
  })

  it("the customer's pull_profiles and the admin's pull_directory carry the plan", async () => {
    await db.owner(`update public.profiles set plan = 'standard' where id = $1`, [other.sub])
    type Pulled = { page: { profiles: { id: string; plan: string }[] } }
    const pull = async (caller: JwtClaims) => (await db.as(caller)<Pulled>(`select public.pull_profiles(null, 1000) as page`))[0]!.page.profiles
    type Directory = { page: { customers: string[][] } }
    const [{ page }] = (await db.as(admin)<Directory>(`select public.pull_directory(null, 5000) as page`)) as [Directory]
    expect(page.customers.find((tuple) => tuple[0] === other.sub)?.[5]).toBe('standard')
    expect(await pull(other)).toEqual([expect.objectContaining({ id: other.sub, plan: 'standard' })])
  })
})
