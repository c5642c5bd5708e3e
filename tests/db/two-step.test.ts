import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Caller, type Engine } from './engines.ts'

// A manager's sensitive actions need a session at aal2 (supabase/schemas/98_two_step.sql), on
// PGlite and PostgreSQL 15: at aal1 each is refused with aal2_required, at aal2 it is done, and desk
// work, a customer's own changes and the service role are never asked.

type User = JwtClaims & { sub: string }
const refusedAtAal1 = { code: '42501', hint: 'aal2_required' }

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let manager: User
  let managerAtAal1: User
  let customer: User

  beforeAll(async () => {
    db = await open()
    manager = await createApiUser(db, true)
    managerAtAal1 = { ...manager, aal: 'aal1' }
    customer = await createApiUser(db)
  }, 120_000)
  afterAll(() => db?.close())

  /** Rolled back: null when the database took it, else its SQLSTATE and key. */
  const refusalOf = async (caller: Caller, run: (query: (sql: string, params?: unknown[]) => Promise<unknown>) => Promise<unknown>) => {
    const outcome = await db.attempt(caller, async (query) => {
      try {
        await run(query)
        return null
      } catch (error) {
        const { code = '', hint } = error as { code?: string; hint?: string }
        return { code, hint }
      }
    })
    if (!outcome.ok) throw new Error(outcome.message)
    return outcome.value
  }

  const registered = async () => {
    const packageId = randomUUID()
    await db.as(manager)(`select public.register_package($1, $2, $3, $4, 'recibido', $5, 2.5, 0.02, null)`, [
      randomUUID(), packageId, customer.sub, randomUUID(), `AAL-${randomUUID().slice(0, 10)}`,
    ])
    return packageId
  }
  const deskPayment = async () => {
    await db.as(manager)(`select public.record_payment($1, $2, 5000, 'cash', 'desk')`, [randomUUID(), customer.sub])
    const [payment] = await db.owner<{ id: string }>(`select id from public.account_entries where user_id = $1 and kind = 'payment' order by created_at desc limit 1`, [customer.sub])
    return payment!.id
  }

  const none = async () => []
  /** Each action: what it needs made first (committed), then its statement. */
  const sensitive: [string, () => Promise<unknown[]>, string][] = [
    ['changing a rate', none, `select public.set_rates('{"express_cents": 1234}'::jsonb)`],
    ['changing a role', async () => [customer.sub], `update public.profiles set role = 'admin' where id = $1`],
    ["changing a customer's plan", async () => [customer.sub], `update public.profiles set plan = 'premium' where id = $1`],
    ['granting a credit', async () => [randomUUID(), customer.sub], `select public.grant_credit($1, $2, 500, 'Goodwill')`],
    ['posting an adjustment', async () => [randomUUID(), customer.sub], `select public.post_adjustment($1, $2, -300, 'Correction')`],
    ['refunding a desk payment', async () => [randomUUID(), await deskPayment()], `select public.refund_payment($1, $2, 1000, 'Returned')`],
    ['deleting a package', async () => [await registered()], `update public.packages set deleted_at = now() where id = $1`],
  ]

  it.each(sensitive)('%s is refused with aal2_required at aal1 and done at aal2', async (_, prepare, sql) => {
    const params = await prepare()
    const run = (query: (sql: string, params?: unknown[]) => Promise<unknown>) => query(sql, params)
    expect(await refusalOf(managerAtAal1, run)).toEqual(refusedAtAal1)
    // A token without the claim is no better than aal1.
    expect(await refusalOf({ sub: manager.sub, role: 'authenticated' }, run)).toEqual(refusedAtAal1)
    expect(await refusalOf(manager, run)).toBeNull()
  })

  it('desk work is done at aal1: registering, a status change, a payment at the counter', async () => {
    const packageId = await registered()
    expect(
      await refusalOf(managerAtAal1, async (query) => {
        await query(`select public.register_package($1, $2, $3, $4, 'recibido', $5, 2.5, 0.02, null)`, [
          randomUUID(), randomUUID(), customer.sub, randomUUID(), `DESK-${randomUUID().slice(0, 10)}`,
        ])
        await query(`select public.apply_package_status($1, $2, 'transito', now(), (select version from public.packages where id = $2))`, [randomUUID(), packageId])
        await query(`select public.record_payment($1, $2, 700, 'cash', 'desk')`, [randomUUID(), customer.sub])
      }),
    ).toBeNull()
  })

  it('a customer changes their own profile at aal1, and is told admins_only (not aal2_required) for their role', async () => {
    expect(await refusalOf(customer, (query) => query(`update public.profiles set full_name = 'Ana Nueva' where id = $1`, [customer.sub]))).toBeNull()
    expect(await refusalOf(customer, (query) => query(`update public.profiles set role = 'admin' where id = $1`, [customer.sub]))).toEqual({ code: '42501', hint: 'admins_only' })
  })

  it('the service role and the owner are not asked (Stripe\'s refunds, migrations, jobs)', async () => {
    expect(await refusalOf({ role: 'service_role' }, (query) => query(`update public.rates set value = value where key = 'express_cents'`))).toBeNull()
    expect(await refusalOf('owner', (query) => query(`update public.profiles set plan = 'standard' where id = $1`, [customer.sub]))).toBeNull()
  })

  describe('reset_staff_factors', () => {
    const factorCount = async (userId: string) =>
      Number((await db.owner<{ n: string }>(`select count(*)::text as n from auth.mfa_factors where user_id = $1`, [userId]))[0]!.n)
    const staffWithFactor = async () => {
      const staff = await createApiUser(db, true)
      await db.owner(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values (gen_random_uuid(), $1, 'Teléfono', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
        [staff.sub],
      )
      return staff
    }

    it('removes a staff member\'s factors for a manager at aal2 only', async () => {
      const staff = await staffWithFactor()
      expect(await refusalOf(managerAtAal1, (query) => query(`select public.reset_staff_factors($1)`, [staff.sub]))).toEqual(refusedAtAal1)
      expect(await refusalOf(customer, (query) => query(`select public.reset_staff_factors($1)`, [staff.sub]))).toEqual({ code: '42501', hint: 'admins_only' })
      expect(await factorCount(staff.sub)).toBe(1)
      expect(await db.as(manager)<{ removed: number }>(`select public.reset_staff_factors($1) as removed`, [staff.sub])).toEqual([{ removed: 1 }])
      expect(await factorCount(staff.sub)).toBe(0)
    })

    it('refuses a customer as not_staff_member', async () => {
      expect(await refusalOf(manager, (query) => query(`select public.reset_staff_factors($1)`, [customer.sub]))).toEqual({ code: '22023', hint: 'not_staff_member' })
    })
  })
})
