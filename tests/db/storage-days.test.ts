// The device's free storage countdown (storageDaysLeft) and the database's (storage_last_free_day, as
// the reminders count it) agree on every day left, for random arrivals (many around the daylight-
// saving changes), plans and "now" instants, whatever the device's own time zone. The plans' terms
// are the same on both sides.
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { planIds, planTerms, type PlanId } from '@/business-rules/plans'
import { storageDaysLeft } from '@/business-rules/storage'
import { openPglite, type Engine } from './engines.ts'

const hour = 3_600_000
const day = 24 * hour
/** Miami's daylight-saving changes: 2 a.m. local on the second Sunday of March and the first of November. */
const dstChanges = ['2025-03-09T07:00:00Z', '2025-11-02T06:00:00Z', '2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z', '2027-03-14T07:00:00Z'].map(Date.parse)

const arrivalArb = fc.oneof(
  fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') }),
  fc.tuple(fc.constantFrom(...dstChanges), fc.integer({ min: -30 * hour, max: 30 * hour })).map(([change, offset]) => change + offset),
)
const caseArb = fc.record({
  arrival: arrivalArb,
  plan: fc.constantFrom<PlanId>(...planIds),
  // Up to a little past the longest plan: whole days from the arrival, give or take a few hours, land
  // on both sides of Miami's midnights.
  later: fc.oneof(
    fc.integer({ min: 0, max: 70 * day }),
    fc.tuple(fc.integer({ min: 0, max: 70 }), fc.integer({ min: -3 * hour, max: 3 * hour })).map(([days, offset]) => Math.max(0, days * day + offset)),
  ),
})
const zones = ['UTC', 'America/New_York', 'Europe/Madrid', 'Pacific/Auckland', 'Pacific/Kiritimati']

describe('free storage days, device and database', () => {
  let db: Engine
  const processZone = process.env.TZ

  beforeAll(async () => {
    db = await openPglite()
  }, 60_000)

  afterEach(() => {
    process.env.TZ = processZone
  })

  afterAll(async () => {
    await db?.close()
  })

  it('the plans table holds the device\'s terms', async () => {
    const rows = await db.owner<{ id: string; free_storage_days: number; free_consolidation: boolean }>(`select id, free_storage_days, free_consolidation from public.plans order by id`)
    expect(Object.fromEntries(rows.map((row) => [row.id, { freeStorageDays: row.free_storage_days, freeConsolidation: row.free_consolidation }]))).toEqual(planTerms)
  })

  it('count the same days left, in Miami calendar days, in any device time zone', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(caseArb, { minLength: 50, maxLength: 50 }), fc.constantFrom(...zones), async (cases, zone) => {
        const rows = await db.owner<{ days_left: number }>(
          `select public.storage_last_free_day(c.arrival, c.plan) - (c.now at time zone 'America/New_York')::date as days_left
           from unnest($1::timestamptz[], $2::text[], $3::timestamptz[]) with ordinality as c(arrival, plan, now, n)
           order by c.n`,
          [
            cases.map((c) => new Date(c.arrival).toISOString()),
            cases.map((c) => c.plan),
            cases.map((c) => new Date(c.arrival + c.later).toISOString()),
          ],
        )
        process.env.TZ = zone
        const device = cases.map((c) => storageDaysLeft({ status: 'recibido', created_at: new Date(c.arrival).toISOString(), events: [] }, c.plan, new Date(c.arrival + c.later)))
        expect(device).toEqual(rows.map((row) => row.days_left))
      }),
      { numRuns: 40 },
    )
  })
})
