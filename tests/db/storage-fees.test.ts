// Storage fees (post_storage_fees, supabase/schemas/96_money.sql) on PGlite and PostgreSQL 15: one line
// per package per Miami day after its last free day, at the rate of that day; missed days caught up by
// the next run; none for a day the package spent in a requested or processing shipment, even once the
// shipment is cancelled; none for a day before the fee was introduced.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine, type Query } from './engines.ts'

type User = JwtClaims & { sub: string }
const service: JwtClaims = { role: 'service_role' }
const KEY = 'storage_fee_cents_per_day'

/** The Miami day `n` days after `day` (YYYY-MM-DD). */
const plus = (day: string, n: number) => {
  const date = new Date(`${day}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + n)
  return date.toISOString().slice(0, 10)
}
/** Noon of a Miami day, as an instant. */
const noonSql = `(($1::date)::timestamp + interval '12 hours') at time zone 'America/New_York'`

const requestSql = `select (public.request_shipment($1, $2, $3::uuid[], 'standard', '{"insurance": false}'::jsonb,
  '[{"description": "Shoes", "quantity": 1, "unit_value_usd": 50}]'::jsonb,
  '{"name": "Cliente Demo", "address": "Av. Francisco de Miranda 4", "city": "Caracas", "postal_code": "1060",
    "country": "Venezuela", "phone": "+58 412 555 0142", "id_number": "V-18.456.789"}'::jsonb) ->> 'version')::int as version`

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

  /** A package waiting at the warehouse since today, and its last free day. */
  async function waiting(customer: User): Promise<{ id: string; lastFree: string }> {
    const [pkg] = await db.owner<{ id: string }>(
      `insert into public.packages (user_id, tracking_code, status, weight_kg, volume_m3) values ($1, $2, 'recibido', 1.5, 0.01) returning id`,
      [customer.sub, `FEE-${randomUUID().slice(0, 13)}`],
    )
    const [countdown] = await db.owner<{ last_free_day: string }>(
      `select c.last_free_day::text from public.storage_countdowns((now() at time zone 'America/New_York')::date) c where c.package_id = $1`,
      [pkg!.id],
    )
    return { id: pkg!.id, lastFree: countdown!.last_free_day }
  }

  const run = (today: string, query: Query = db.as(service)) => query(`select public.post_storage_fees($1::date)`, [today])
  const feesOf = (packageId: string, query: Query = db.owner) =>
    query<{ storage_day: string; amount_cents: string }>(
      `select storage_day::text, amount_cents::text from public.account_entries where package_id = $1 and kind = 'storage_fee' order by storage_day`,
      [packageId],
    )
  const days = (from: string, to: string): string[] => (from > to ? [] : [from, ...days(plus(from, 1), to)])
  const lines = (list: string[], cents: number) => list.map((storage_day) => ({ storage_day, amount_cents: String(cents) }))

  it('posts one fee per package per day after its last free day, at the rate; a run again posts nothing; missed days are caught up', async () => {
    const customer = await createApiUser(db)
    const { id, lastFree } = await waiting(customer)
    const [{ rate }] = (await db.owner<{ rate: string }>(`select public.rate_value($1)::bigint::text as rate`, [KEY])) as [{ rate: string }]

    await run(lastFree)
    expect(await feesOf(id)).toEqual([])
    await run(plus(lastFree, 1))
    await run(plus(lastFree, 1))
    expect(await feesOf(id)).toEqual(lines([plus(lastFree, 1)], Number(rate)))

    // Three runs missed: the next posts their days too, each once.
    await run(plus(lastFree, 5))
    await run(plus(lastFree, 5))
    expect(await feesOf(id)).toEqual(lines(days(plus(lastFree, 1), plus(lastFree, 5)), Number(rate)))
    const [balance] = await db.owner<{ balance_cents: string }>(`select balance_cents::text from public.account_balances where user_id = $1`, [customer.sub])
    expect(balance!.balance_cents).toBe(String(5 * Number(rate)))

    // The rate Tarifas sets is what the days after it cost.
    await db.as(admin)(`select public.set_rates($1::jsonb)`, [JSON.stringify({ [KEY]: 250 })])
    try {
      await run(plus(lastFree, 6))
      expect((await feesOf(id)).at(-1)).toEqual({ storage_day: plus(lastFree, 6), amount_cents: '250' })
    } finally {
      await db.as(admin)(`select public.set_rates($1::jsonb)`, [JSON.stringify({ [KEY]: Number(rate) })])
    }
    expect(await db.attempt(customer, (query) => run(plus(lastFree, 7), query))).toMatchObject({ ok: false, code: '42501' })
  })

  it('charges no day a package spent in a requested or processing shipment, neither while it is open nor once it is cancelled', async () => {
    const customer = await createApiUser(db)
    const { id, lastFree } = await waiting(customer)
    const shipmentId = randomUUID()
    const [{ version }] = (await db.as(customer)<{ version: number }>(requestSql, [randomUUID(), shipmentId, `{${id}}`])) as [{ version: number }]
    await run(plus(lastFree, 2))
    await db.as(admin)(`select public.advance_shipment($1, $2, 'processing', $3, null, '{}'::jsonb)`, [randomUUID(), shipmentId, version])
    await run(plus(lastFree, 3))
    expect(await feesOf(id)).toEqual([])

    await db.as(admin)(`select public.cancel_shipment($1, $2)`, [randomUUID(), shipmentId])
    // As if it was requested on the 2nd day after the last free one and cancelled on the 3rd.
    await db.owner(`update public.shipment_ops set recorded_at = ${noonSql} where shipment_id = $2 and kind = 'request'`, [plus(lastFree, 2), shipmentId])
    await db.owner(`update public.shipment_events set recorded_at = ${noonSql} where shipment_id = $2 and status = 'cancelled'`, [plus(lastFree, 3), shipmentId])
    await run(plus(lastFree, 5))
    expect((await feesOf(id)).map((line) => line.storage_day)).toEqual([plus(lastFree, 1), plus(lastFree, 4), plus(lastFree, 5)])
  })

  it('charges a package taken out of a requested shipment from the day after it was taken out', async () => {
    const customer = await createApiUser(db)
    const [kept, out] = [await waiting(customer), await waiting(customer)]
    const shipmentId = randomUUID()
    await db.as(customer)(requestSql, [randomUUID(), shipmentId, `{${kept.id},${out.id}}`])
    await db.as(customer)(`select public.set_shipment_packages($1, $2, $3::uuid[])`, [randomUUID(), shipmentId, `{${kept.id}}`])
    // As if requested on the 1st day after the last free one and changed on the 2nd.
    await db.owner(`update public.shipment_ops set recorded_at = ${noonSql} where shipment_id = $2 and kind = 'request'`, [plus(out.lastFree, 1), shipmentId])
    await db.owner(`update public.shipment_ops set recorded_at = ${noonSql} where shipment_id = $2 and kind = 'set_packages'`, [plus(out.lastFree, 2), shipmentId])
    await run(plus(out.lastFree, 4))
    expect((await feesOf(out.id)).map((line) => line.storage_day)).toEqual([plus(out.lastFree, 3), plus(out.lastFree, 4)])
    expect(await feesOf(kept.id)).toEqual([])
  })

  it('charges no day before the fee was introduced, the rate’s first change from 0 (recorded when the fees were deployed)', async () => {
    const [introduced] = await db.owner<{ old_value: string }>(`select old_value::text from public.rate_changes where key = $1 order by changed_at, id limit 1`, [KEY])
    expect(introduced).toEqual({ old_value: '0' })

    const customer = await createApiUser(db)
    const { id, lastFree } = await waiting(customer)
    // A project that deployed the fees on the 3rd day after the package's last free day.
    const outcome = await db.attempt('owner', async (query) => {
      await query(`delete from public.rate_changes where key = $1`, [KEY])
      await query(`insert into public.rate_changes (key, old_value, new_value, changed_at) values ($2, 0, 100, ${noonSql})`, [plus(lastFree, 3), KEY])
      await run(plus(lastFree, 5), query)
      return feesOf(id, query)
    })
    expect(outcome).toEqual({ ok: true, value: lines([plus(lastFree, 4), plus(lastFree, 5)], 100) })
  })
})
