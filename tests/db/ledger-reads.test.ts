// What the devices and the admin read of the ledger (supabase/schemas/96_money.sql), on PGlite and
// PostgreSQL 15: pull_account_entries pages a customer's own lines (an admin's, any customer's) by
// checkpoint; pull_account_balances sends only balances not zero first, then every changed one;
// receivables splits what each customer owes by the age of the unpaid charges (the oldest paid first),
// with totals; admin_report counts the ledger's charges, payments and refunds per month.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine, type Query } from './engines.ts'

type User = JwtClaims & { sub: string }

interface EntriesPage {
  entries: { id: string; user_id: string; amount_cents: number }[]
  checkpoint: string | null
  has_more: boolean
}
interface BalancesPage {
  balances: { user_id: string; balance_cents: number; oldest_unpaid_at: string | null }[]
  checkpoint: string | null
  has_more: boolean
}
interface Aged {
  user_id?: string
  customers?: number
  owed_cents: number
  days_0_30: number
  days_31_60: number
  days_61_90: number
  days_90_plus: number
  oldest_unpaid_at?: string
}

/** In an owner's transaction: the lines' created_at set as if posted at noon (Miami) of these days, the append-only trigger held off (session_replication_role). */
const backdate = async (query: Query, days: Record<string, string>) => {
  await query(`set local session_replication_role = replica`)
  for (const [id, day] of Object.entries(days)) {
    await query(`update public.account_entries set created_at = (($2::date)::timestamp + interval '12 hours') at time zone 'America/New_York' where id = $1`, [id, day])
  }
  await query(`set local session_replication_role = origin`)
}
/** In an owner's transaction: later calls are the service role's (auth.role()). */
const asServiceRole = (query: Query) => query(`select set_config('request.jwt.claim.role', 'service_role', true)`)

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
  }, 120_000)

  afterAll(async () => {
    await db?.close()
  })

  const credit = async (user: User, cents: number) =>
    (await db.as(admin)<{ r: { id: string } }>(`select public.grant_credit($1, $2, $3, 'Goodwill') as r`, [randomUUID(), user.sub, cents]))[0]!.r.id
  const adjust = async (user: User, cents: number) =>
    (await db.as(admin)<{ r: { id: string } }>(`select public.post_adjustment($1, $2, $3, 'Correction') as r`, [randomUUID(), user.sub, cents]))[0]!.r.id
  const pay = async (user: User, cents: number) =>
    (await db.as(admin)<{ r: { id: string } }>(`select public.record_payment($1, $2, $3, 'cash', null) as r`, [randomUUID(), user.sub, cents]))[0]!.r.id

  it('pull_account_entries: a customer’s own lines, page by page from a checkpoint, then only what is new; an admin pulls any customer’s', async () => {
    const [customer, other] = [await createApiUser(db), await createApiUser(db)]
    const posted = [await credit(customer, 100), await credit(customer, 200), await adjust(customer, 50), await pay(customer, 10), await credit(customer, 300)]
    await credit(other, 999)
    const pull = async (caller: User, since: string | null, limit: number, userId: string | null = null) =>
      (await db.as(caller)<{ r: EntriesPage }>(`select public.pull_account_entries($1, $2, $3) as r`, [since, limit, userId]))[0]!.r

    const pages: EntriesPage[] = []
    let since: string | null = null
    for (let i = 0; i < 3; i++) {
      const page: EntriesPage = await pull(customer, since, 2)
      pages.push(page)
      since = page.checkpoint
    }
    expect(pages.map((page) => [page.entries.length, page.has_more])).toEqual([
      [2, true],
      [2, true],
      [1, false],
    ])
    expect(pages.flatMap((page) => page.entries.map((entry) => entry.id))).toEqual(posted)

    expect(await pull(customer, since, 2)).toEqual({ entries: [], checkpoint: since, has_more: false })
    const later = await pay(customer, 20)
    expect((await pull(customer, since, 2)).entries.map((entry) => entry.id)).toEqual([later])

    const byAdmin = await pull(admin, null, 500, customer.sub)
    expect(byAdmin.entries.map((entry) => entry.id)).toEqual([...posted, later])
    expect(await db.attempt(other, (query) => query(`select public.pull_account_entries(null, 500, $1)`, [customer.sub]))).toMatchObject({ ok: false, code: '42501' })
  })

  it('pull_account_balances: first only the balances not zero, then every balance changed since, to zero included; admins only', async () => {
    const [settled, owing] = [await createApiUser(db), await createApiUser(db)]
    await credit(settled, 500)
    await adjust(settled, 500)
    await adjust(owing, 700)
    const pullPage = async (since: string | null, limit: number) =>
      (await db.as(admin)<{ r: BalancesPage }>(`select public.pull_account_balances($1, $2) as r`, [since, limit]))[0]!.r
    const ours = (balances: BalancesPage['balances']) => balances.filter((row) => [settled.sub, owing.sub].includes(row.user_id))

    // The first page (no checkpoint): only what is owed or in credit.
    const first = await pullPage(null, 5000)
    expect(first.has_more).toBe(false)
    expect(ours(first.balances)).toEqual([{ user_id: owing.sub, balance_cents: 700, oldest_unpaid_at: expect.any(String), change_xid: expect.any(String) }])

    await adjust(settled, 100)
    await pay(owing, 700)
    // Later pulls, page by page: every balance changed since, one that turned zero included.
    const later: BalancesPage['balances'] = []
    for (let since = first.checkpoint, more = true; more; ) {
      const page = await pullPage(since, 1)
      later.push(...page.balances)
      ;[since, more] = [page.checkpoint, page.has_more]
    }
    expect(ours(later)).toEqual([
      { user_id: settled.sub, balance_cents: 100, oldest_unpaid_at: expect.any(String), change_xid: expect.any(String) },
      { user_id: owing.sub, balance_cents: 0, oldest_unpaid_at: null, change_xid: expect.any(String) },
    ])
    expect(await db.attempt(owing, (query) => query(`select public.pull_account_balances(null)`))).toMatchObject({ ok: false, code: '42501' })
  })

  it('receivables: what each customer owes by the age of its unpaid charges, the oldest paid first, with totals; admins only', async () => {
    const customer = await createApiUser(db)
    const charges = [await adjust(customer, 1000), await adjust(customer, 2000), await adjust(customer, 3000), await adjust(customer, 4000)]
    await pay(customer, 1500)
    const [{ today }] = (await db.owner<{ today: string }>(`select ((now() at time zone 'America/New_York')::date)::text as today`)) as [{ today: string }]
    const ago = (n: number) => {
      const date = new Date(`${today}T12:00:00Z`)
      date.setUTCDate(date.getUTCDate() - n)
      return date.toISOString().slice(0, 10)
    }

    const outcome = await db.attempt('owner', async (query) => {
      await backdate(query, { [charges[0]!]: ago(100), [charges[1]!]: ago(70), [charges[2]!]: ago(40), [charges[3]!]: ago(10) })
      await asServiceRole(query)
      return (await query<{ r: { customers: Aged[]; totals: Aged } }>(`select public.receivables($1::date) as r`, [today]))[0]!.r
    })
    if (!outcome.ok) throw new Error(outcome.message)
    const { customers, totals } = outcome.value
    // $15 paid the $10 charge of 100 days ago and $5 of the one of 70 days ago.
    expect(customers.find((row) => row.user_id === customer.sub)).toEqual({
      user_id: customer.sub,
      owed_cents: 8500,
      days_0_30: 4000,
      days_31_60: 3000,
      days_61_90: 1500,
      days_90_plus: 0,
      oldest_unpaid_at: expect.any(String),
    })
    const sum = (key: keyof Aged) => customers.reduce((total, row) => total + Number(row[key]), 0)
    expect(totals).toEqual({
      customers: customers.length,
      owed_cents: sum('owed_cents'),
      days_0_30: sum('days_0_30'),
      days_31_60: sum('days_31_60'),
      days_61_90: sum('days_61_90'),
      days_90_plus: sum('days_90_plus'),
    })
    expect(totals.owed_cents).toBe(sum('days_0_30') + sum('days_31_60') + sum('days_61_90') + sum('days_90_plus'))
    expect(await db.attempt(customer, (query) => query(`select public.receivables()`))).toMatchObject({ ok: false, code: '42501' })
  })

  it('admin_report: per month of its range, the charges (less reversals), payments and refunds posted on its days', async () => {
    const customer = await createApiUser(db)
    const outcome = await db.attempt('owner', async (query) => {
      const post = async (kind: string, cents: number, method: string | null = null) =>
        (await query<{ id: string }>(`select (public.post_account_entry($1, $2, $3, $4, p_method => $5)).id`, [randomUUID(), customer.sub, kind, cents, method]))[0]!.id
      await backdate(query, {
        [await post('storage_fee', 111)]: '2020-01-10', // before the range
        [await post('storage_fee', 700)]: '2020-01-20',
        [await post('shipment_charge', 5000)]: '2020-01-21',
        [await post('reversal', -5000)]: '2020-01-22',
        [await post('payment', -500, 'cash')]: '2020-01-25',
        [await post('shipment_charge', 300)]: '2020-02-03',
        [await post('refund', 200, 'cash')]: '2020-02-10',
        [await post('payment', -999, 'cash')]: '2020-02-11', // after it
      })
      await asServiceRole(query)
      return (await query<{ money: unknown }>(`select public.admin_report('2020-01-15', '2020-02-10') -> 'money' as money`))[0]!.money
    })
    expect(outcome).toEqual({
      ok: true,
      value: [
        { month: '2020-01-01', charges_cents: 700, payments_cents: 500, refunds_cents: 0 },
        { month: '2020-02-01', charges_cents: 300, payments_cents: 0, refunds_cents: 200 },
      ],
    })
  })
})
