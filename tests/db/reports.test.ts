import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine } from './engines.ts'
import { planTerms } from '../../src/business-rules/plans.ts'

// The admin's report (20261126110000_admin_reports), on PGlite and PostgreSQL 15: who may read it,
// the ranges and buckets it takes, the flow of a range (days in America/New_York, the first event
// of each status, arrivals without a 'recibido', deleted and superseded rows left out), the days to
// shipment, and the snapshot of what waits now and whose free storage is ending.
//
// The flow's packages live in March 2025, a range nothing else in this file touches; the snapshot
// is of the whole warehouse now, so its tests compare the report before and after their packages.

type User = JwtClaims & { sub: string }
type Counts = { received: number; shipped: number; delivered: number; prealerted: number }
type Bucket = Counts & { start: string }
type Waiting = { status: string; days_0_7: number; days_8_14: number; days_15_30: number; days_31_plus: number }
interface Report {
  from: string
  to: string
  bucket: string
  time_zone: string
  generated_at: string
  flow: Bucket[]
  totals: Counts
  waiting: Waiting[]
  to_shipment: { count: number; median_days: number | null; p90_days: number | null }
  storage: { ending_soon: number; ended: number }
}
/** A status the package took: when, and whether it applied (a stale change is recorded superseded). */
type Event = [status: string, at: string, outcome?: 'applied' | 'superseded']

const zero = { received: 0, shipped: 0, delivered: 0, prealerted: 0 }
const statuses = ['recibido', 'consolidacion', 'transito', 'aduana', 'disponible']
const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10))

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User
  let customer: User
  let premium: User
  let standard: User

  const report = async (from: string, to: string, bucket = 'day', caller: JwtClaims = admin) =>
    (await db.as(caller)<{ report: Report }>(`select public.admin_report($1::date, $2::date, $3) as report`, [from, to, bucket]))[0]!.report
  const refusal = (from: string | null, to: string | null, bucket: string | null = 'day', caller: JwtClaims | null = admin) =>
    db.attempt(caller, (query) => query(`select public.admin_report($1::date, $2::date, $3)`, [from, to, bucket]))

  /**
   * A package of `owner` in `status` with exactly these events, in this order (the one its insert
   * recorded is replaced), registered when its first event happened unless `createdAt` says, as a
   * restore of old data would (the stamping trigger off). Returns its id.
   */
  async function addPackage(owner: string, status: string, events: Event[], opts: { createdAt?: string; deleted?: boolean } = {}) {
    const [{ id }] = (await db.owner<{ id: string }>(`insert into public.packages (user_id, status) values ($1, $2) returning id`, [owner, status])) as [{ id: string }]
    await db.owner(`delete from public.package_events where package_id = $1`, [id])
    for (const [eventStatus, at, outcome = 'applied'] of events) {
      await db.owner(`insert into public.package_events (package_id, status, op_id, changed_at, outcome) values ($1, $2, $3, $4, $5)`, [id, eventStatus, randomUUID(), at, outcome])
    }
    await db.owner(`alter table public.packages disable trigger packages_stamp`)
    await db.owner(`update public.packages set created_at = coalesce($2::timestamptz, created_at), deleted_at = case when $3::boolean then now() end where id = $1`, [
      id,
      opts.createdAt ?? events[0]?.[1] ?? null,
      opts.deleted ?? false,
    ])
    await db.owner(`alter table public.packages enable trigger packages_stamp`)
    return id
  }

  const matchPrealert = (owner: string, packageId: string) =>
    db.owner(`insert into public.prealerts (user_id, tracking_code, store, description, declared_value_usd, state, package_id) values ($1, $2, 'Store', 'Thing', 10, 'received', $3)`, [
      owner,
      `PRE-${randomUUID().slice(0, 8).toUpperCase()}`,
      packageId,
    ])

  /** Noon in Miami, `count` calendar days before today there. */
  async function daysAgo(count: number): Promise<string> {
    const [{ epoch }] = (await db.owner<{ epoch: number }>(
      `select extract(epoch from (((now() at time zone 'America/New_York')::date - $1::int) + time '12:00') at time zone 'America/New_York')::float8 as epoch`,
      [count],
    )) as [{ epoch: number }]
    return new Date(epoch * 1000).toISOString()
  }

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
    customer = await createApiUser(db)
    premium = await createApiUser(db)
    standard = await createApiUser(db)
    await db.owner(`update public.profiles set plan = 'premium' where id = $1`, [premium.sub])
    await db.owner(`update public.profiles set plan = 'standard' where id = $1`, [standard.sub])

    // March 2025. Daylight saving time started on Sunday the 9th at 2:00 in Miami: UTC-5 before, UTC-4 after.
    // Received on the 9th at 23:30 (EDT), shipped 2.0 days later on the 11th, delivered on the 14th; prealerted.
    const p1 = await addPackage(customer.sub, 'entregado', [
      ['recibido', '2025-03-10T03:30:00Z'],
      ['transito', '2025-03-12T03:30:00Z'],
      ['entregado', '2025-03-14T18:00:00Z'],
    ])
    await matchPrealert(customer.sub, p1)
    // Received on the 10th at 0:30, shipped 28 hours later on the 11th, then back and shipped again:
    // the second 'recibido' and 'transito' are not arrivals nor departures.
    await addPackage(customer.sub, 'transito', [
      ['recibido', '2025-03-10T04:30:00Z'],
      ['transito', '2025-03-11T08:30:00Z'],
      ['recibido', '2025-03-12T12:00:00Z'],
      ['transito', '2025-03-13T12:00:00Z'],
    ])
    // Received in February, shipped on the 5th (13.0 days later), delivered on the 16th at 19:00; its
    // prealert does not make it a prealerted arrival of the range.
    const p3 = await addPackage(customer.sub, 'entregado', [
      ['recibido', '2025-02-20T12:00:00Z'],
      ['transito', '2025-03-05T12:00:00Z'],
      ['entregado', '2025-03-16T23:00:00Z'],
    ])
    await matchPrealert(customer.sub, p3)
    // Registered on the 6th already in transit, with no 'recibido': it arrived when registered, and
    // its first 'transito' (0.5 days later) is at midnight EST, the 7th.
    await addPackage(customer.sub, 'transito', [['transito', '2025-03-07T05:00:00Z']], { createdAt: '2025-03-06T17:00:00Z' })
    // Deleted: counts nowhere.
    const deleted = await addPackage(
      customer.sub,
      'transito',
      [
        ['recibido', '2025-03-08T12:00:00Z'],
        ['transito', '2025-03-09T12:00:00Z'],
      ],
      { deleted: true },
    )
    await matchPrealert(customer.sub, deleted)
    // Registered on the 8th, but its only applied 'recibido' is on the 20th: superseded changes in the
    // range count for nothing, and it did not arrive in the range.
    await addPackage(
      customer.sub,
      'recibido',
      [
        ['recibido', '2025-03-08T12:00:00Z', 'superseded'],
        ['transito', '2025-03-09T12:00:00Z', 'superseded'],
        ['recibido', '2025-03-20T12:00:00Z'],
      ],
      { createdAt: '2025-03-08T12:00:00Z' },
    )
    // The range's edges in Miami: 23:59 EDT on the 16th is in; 0:00 on the 17th is not; 23:59:59 EST on
    // the 2nd is not; 0:00 on the 3rd is.
    await addPackage(customer.sub, 'entregado', [['recibido', '2025-03-17T03:59:00Z']])
    await addPackage(customer.sub, 'entregado', [['recibido', '2025-03-17T04:00:00Z']])
    await addPackage(customer.sub, 'entregado', [['recibido', '2025-03-03T04:59:59Z']])
    await addPackage(customer.sub, 'entregado', [['recibido', '2025-03-03T05:00:00Z']])
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  it('refuses customers and anonymous callers; admins and the service role read it', async () => {
    expect(await refusal('2025-03-03', '2025-03-16', 'day', customer)).toEqual({ ok: false, code: '42501', message: 'only admins can read reports' })
    expect(await refusal('2025-03-03', '2025-03-16', 'day', null)).toMatchObject({ ok: false, code: '42501' })
    expect((await report('2025-03-03', '2025-03-16', 'day', { role: 'service_role' })).totals).toEqual((await report('2025-03-03', '2025-03-16')).totals)
  })

  it('refuses a missing end, a range that starts after it ends, more than 400 days and other buckets', async () => {
    const invalid = (message: string) => ({ ok: false, code: '22023', message })
    expect(await refusal(null, '2025-03-16')).toEqual(invalid('the range needs a first and a last day'))
    expect(await refusal('2025-03-03', null)).toEqual(invalid('the range needs a first and a last day'))
    expect(await refusal('2025-03-17', '2025-03-16')).toEqual(invalid('the range starts after it ends'))
    expect(await refusal('2024-01-01', '2025-02-04')).toEqual(invalid('a report covers at most 400 days'))
    expect(await refusal('2025-03-03', '2025-03-16', 'month')).toEqual(invalid('the bucket is day or week'))
    expect(await refusal('2025-03-03', '2025-03-16', null)).toEqual(invalid('the bucket is day or week'))
    // 400 days, both ends included, is the most.
    expect((await report('2024-01-01', '2025-02-03')).flow).toHaveLength(400)
  })

  it('has the shape the reports page reads', async () => {
    const before = Date.now()
    const result = await report('2025-03-03', '2025-03-04')
    expect(Object.keys(result).sort()).toEqual(['bucket', 'flow', 'from', 'generated_at', 'money', 'storage', 'time_zone', 'to', 'to_shipment', 'totals', 'waiting'])
    expect(result).toMatchObject({ from: '2025-03-03', to: '2025-03-04', bucket: 'day', time_zone: 'America/New_York' })
    expect(Math.abs(Date.parse(result.generated_at) - before)).toBeLessThan(60_000)
    expect(result.waiting.map((row) => row.status)).toEqual(statuses)
  })

  it('counts each day in Miami, every day present, with the first event of each status only', async () => {
    const result = await report('2025-03-03', '2025-03-16')
    const flow = Object.fromEntries(result.flow.map(({ start, ...counts }) => [start, counts]))
    expect(result.flow.map((bucket) => bucket.start)).toEqual(days('2025-03-03', 14))
    expect(flow).toEqual({
      ...Object.fromEntries(days('2025-03-03', 14).map((day) => [day, zero])),
      '2025-03-03': { ...zero, received: 1 },
      '2025-03-05': { ...zero, shipped: 1 },
      '2025-03-06': { ...zero, received: 1 },
      '2025-03-07': { ...zero, shipped: 1 },
      '2025-03-09': { ...zero, received: 1, prealerted: 1 },
      '2025-03-10': { ...zero, received: 1 },
      '2025-03-11': { ...zero, shipped: 2 },
      '2025-03-14': { ...zero, delivered: 1 },
      '2025-03-16': { ...zero, received: 1, delivered: 1 },
    })
    expect(result.totals).toEqual({ received: 5, shipped: 4, delivered: 2, prealerted: 1 })
  })

  it('an event at 2025-03-10 03:30Z counts on the 9th', async () => {
    expect((await report('2025-03-09', '2025-03-09')).totals).toEqual({ received: 1, shipped: 0, delivered: 0, prealerted: 1 })
    expect((await report('2025-03-10', '2025-03-10')).totals).toEqual({ received: 1, shipped: 0, delivered: 0, prealerted: 0 })
  })

  it('weeks start on Monday, the first one on or before the range, and count only the range’s days', async () => {
    // Wednesday the 5th to Sunday the 16th: the week of Monday the 3rd counts from the 5th (not the
    // arrival on the 3rd).
    const result = await report('2025-03-05', '2025-03-16', 'week')
    expect(result.flow).toEqual([
      { start: '2025-03-03', received: 2, shipped: 2, delivered: 0, prealerted: 1 },
      { start: '2025-03-10', received: 2, shipped: 2, delivered: 2, prealerted: 0 },
    ])
    expect(result.totals).toEqual({ received: 4, shipped: 4, delivered: 2, prealerted: 1 })
    // A range ending midweek: one bucket, the days after it left out.
    expect((await report('2025-03-10', '2025-03-12', 'week')).flow).toEqual([{ start: '2025-03-10', received: 1, shipped: 2, delivered: 0, prealerted: 0 }])
    // Six weeks from a Sunday: seven Mondays, the first the day before the range.
    const weeks = await report('2025-03-02', '2025-04-13', 'week')
    expect(weeks.flow.map((bucket) => bucket.start)).toEqual(['2025-02-24', '2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24', '2025-03-31', '2025-04-07'])
  })

  it('gives the median and 90th percentile of the days from arrival to the first departure', async () => {
    // 13.0 (arrived in February), 0.5 (no 'recibido': from registration), 2.0 and 1.2 (28 hours).
    expect((await report('2025-03-03', '2025-03-16')).to_shipment).toEqual({ count: 4, median_days: 1.6, p90_days: 9.7 })
    expect((await report('2025-03-11', '2025-03-11')).to_shipment).toEqual({ count: 2, median_days: 1.6, p90_days: 1.9 })
    expect((await report('2025-01-01', '2025-01-31')).to_shipment).toEqual({ count: 0, median_days: null, p90_days: null })
  })

  it('the waiting snapshot counts the packages not delivered now, by status and calendar days since arrival', async () => {
    const before = (await report('2025-03-03', '2025-03-03')).waiting
    await addPackage(customer.sub, 'recibido', [['recibido', await daysAgo(3)]])
    await addPackage(customer.sub, 'recibido', [['recibido', await daysAgo(7)]])
    await addPackage(customer.sub, 'recibido', [['recibido', await daysAgo(8)]])
    await addPackage(customer.sub, 'consolidacion', [
      ['recibido', await daysAgo(20)],
      ['consolidacion', await daysAgo(2)],
    ])
    await addPackage(customer.sub, 'aduana', [
      ['recibido', await daysAgo(31)],
      ['transito', await daysAgo(20)],
      ['aduana', await daysAgo(5)],
    ])
    await addPackage(customer.sub, 'disponible', [
      ['recibido', await daysAgo(14)],
      ['disponible', await daysAgo(1)],
    ])
    // No 'recibido': it arrived when it was registered, 15 days ago.
    await addPackage(customer.sub, 'transito', [['transito', await daysAgo(4)]], { createdAt: await daysAgo(15) })
    // Delivered or deleted: not waiting.
    await addPackage(customer.sub, 'entregado', [
      ['recibido', await daysAgo(9)],
      ['entregado', await daysAgo(1)],
    ])
    await addPackage(customer.sub, 'recibido', [['recibido', await daysAgo(9)]], { deleted: true })

    const after = (await report('2025-03-03', '2025-03-03')).waiting
    const delta = after.map((row, i) => ({
      status: row.status,
      days_0_7: row.days_0_7 - before[i]!.days_0_7,
      days_8_14: row.days_8_14 - before[i]!.days_8_14,
      days_15_30: row.days_15_30 - before[i]!.days_15_30,
      days_31_plus: row.days_31_plus - before[i]!.days_31_plus,
    }))
    expect(delta).toEqual([
      { status: 'recibido', days_0_7: 2, days_8_14: 1, days_15_30: 0, days_31_plus: 0 },
      { status: 'consolidacion', days_0_7: 0, days_8_14: 0, days_15_30: 1, days_31_plus: 0 },
      { status: 'transito', days_0_7: 0, days_8_14: 0, days_15_30: 1, days_31_plus: 0 },
      { status: 'aduana', days_0_7: 0, days_8_14: 0, days_15_30: 0, days_31_plus: 1 },
      { status: 'disponible', days_0_7: 0, days_8_14: 1, days_15_30: 0, days_31_plus: 0 },
    ])
  })

  it('storage: waiting packages with 0 to 5 free days left are ending, past their last free day ended, by the owner’s plan', async () => {
    // The function holds the plans' free days as SQL: a change to the plans must change it too.
    expect(Object.fromEntries(Object.entries(planTerms).map(([plan, terms]) => [plan, terms.freeStorageDays]))).toEqual({ basic: 30, standard: 45, premium: 60 })
    const before = (await report('2025-03-03', '2025-03-03')).storage
    // Basic, 30 free days: 3, 5 and 0 days left are ending; 6 is not; -1 has ended.
    await addPackage(customer.sub, 'recibido', [['recibido', await daysAgo(27)]])
    await addPackage(customer.sub, 'recibido', [['recibido', await daysAgo(25)]])
    await addPackage(customer.sub, 'disponible', [['recibido', await daysAgo(30)], ['disponible', await daysAgo(2)]])
    await addPackage(customer.sub, 'disponible', [['recibido', await daysAgo(24)], ['disponible', await daysAgo(2)]])
    await addPackage(customer.sub, 'recibido', [['recibido', await daysAgo(31)]])
    // Premium, 60 free days: 29 days left is nothing yet, 2 is ending.
    await addPackage(premium.sub, 'recibido', [['recibido', await daysAgo(31)]])
    await addPackage(premium.sub, 'recibido', [['recibido', await daysAgo(58)]])
    // Standard, 45 free days: -1 has ended.
    await addPackage(standard.sub, 'disponible', [['recibido', await daysAgo(46)], ['disponible', await daysAgo(3)]])
    // Not waiting at the warehouse (on its way, delivered, deleted): nothing counts down.
    await addPackage(customer.sub, 'transito', [['recibido', await daysAgo(40)], ['transito', await daysAgo(35)]])
    await addPackage(customer.sub, 'entregado', [['recibido', await daysAgo(40)], ['entregado', await daysAgo(1)]])
    await addPackage(customer.sub, 'recibido', [['recibido', await daysAgo(40)]], { deleted: true })

    const after = (await report('2025-03-03', '2025-03-03')).storage
    expect({ ending_soon: after.ending_soon - before.ending_soon, ended: after.ended - before.ended }).toEqual({ ending_soon: 4, ended: 2 })
  })

  it('storage: the report counts as ending what the reminders remind of, not packages leaving in a requested or processing shipment', async () => {
    const owner = await createApiUser(db)
    const asOwner = db.as(owner)
    const request = async (packageId: string) =>
      (
        await asOwner<{ shipment: { id: string; version: number } }>(`select public.request_shipment($1, $2, $3::uuid[], 'standard', '{}'::jsonb, $4::jsonb, $5::jsonb) as shipment`, [
          randomUUID(),
          randomUUID(),
          `{${packageId}}`,
          JSON.stringify([{ description: 'Shoes', quantity: 1, unit_value_usd: 20 }]),
          JSON.stringify({ name: 'Cliente', address: 'Calle 1', city: 'Caracas', postal_code: '', country: 'Venezuela', phone: '+58 412 555 0142', id_number: '' }),
        ])
      )[0]!.shipment
    const before = (await report('2025-03-03', '2025-03-03')).storage
    // Basic, 30 free days: 3 left for each.
    const [stays, requested, processing, cancelled] = [
      await addPackage(owner.sub, 'recibido', [['recibido', await daysAgo(27)]]),
      await addPackage(owner.sub, 'recibido', [['recibido', await daysAgo(27)]]),
      await addPackage(owner.sub, 'recibido', [['recibido', await daysAgo(27)]]),
      await addPackage(owner.sub, 'recibido', [['recibido', await daysAgo(27)]]),
    ]
    await request(requested!)
    const started = await request(processing!)
    await db.as(admin)(`select public.advance_shipment($1, $2, 'processing', $3, null, null)`, [randomUUID(), started.id, started.version])
    await asOwner(`select public.cancel_shipment($1, $2)`, [randomUUID(), (await request(cancelled!)).id])

    const after = (await report('2025-03-03', '2025-03-03')).storage
    await db.as({ role: 'service_role' })(`select public.notify_storage_endings()`)
    const reminded = await db.owner<{ id: string }>(`select n.payload ->> 'package_id' as id from public.notifications n where n.user_id = $1 and n.kind like 'storage%' order by 1`, [owner.sub])
    expect(reminded.map((row) => row.id)).toEqual([stays, cancelled].sort())
    expect(after.ending_soon - before.ending_soon).toBe(reminded.length)
  })

  it('marks the first applied event of each status of a package as it is recorded', async () => {
    const [{ id }] = (await db.owner<{ id: string }>(`insert into public.packages (user_id, status) values ($1, 'recibido') returning id`, [customer.sub])) as [{ id: string }]
    await db.owner(`update public.packages set status = 'consolidacion' where id = $1`, [id])
    await db.owner(`update public.packages set status = 'recibido' where id = $1`, [id])
    await db.owner(`insert into public.package_events (package_id, status, op_id, outcome) values ($1, 'transito', $2, 'superseded')`, [id, randomUUID()])
    await db.owner(`update public.packages set status = 'transito' where id = $1`, [id])
    const events = await db.owner(`select status, outcome, first_of_status from public.package_events where package_id = $1 order by recorded_at, id`, [id])
    expect(events).toEqual([
      { status: 'recibido', outcome: 'applied', first_of_status: true },
      { status: 'consolidacion', outcome: 'applied', first_of_status: true },
      { status: 'recibido', outcome: 'applied', first_of_status: false },
      { status: 'transito', outcome: 'superseded', first_of_status: false },
      { status: 'transito', outcome: 'applied', first_of_status: true },
    ])
  })
})
