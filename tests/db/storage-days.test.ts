// The device's free storage countdown (storageDaysLeft, isStorageEnding: the customer's cards, the
// admin's list and its storage-ending filter) and the database's (storage_countdowns: the report and
// the reminders) agree on which packages count down, their days left and whether their storage is
// ending, for random packages (statuses, arrivals many around the daylight-saving changes, plans,
// shipments), "now" instants, and whatever the device's own time zone. The plans' terms are the same
// on both sides.
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { planIds, planTerms, type PlanId } from '@/business-rules/plans'
import { isStorageEnding, storageDaysLeft } from '@/business-rules/storage'
import { packageStatuses, shipmentStatuses } from '@/local-db/rows'
import { createApiUser, openPglite, type Engine } from './engines.ts'

const hour = 3_600_000
const day = 24 * hour
/** Miami's daylight-saving changes: 2 a.m. local on the second Sunday of March and the first of November. */
const dstChanges = ['2025-03-09T07:00:00Z', '2025-11-02T06:00:00Z', '2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z', '2027-03-14T07:00:00Z'].map(Date.parse)

// "Now", and each package's arrival some time before it: whole days, give or take a few hours, up to
// a little past the longest plan, so arrivals and last free days land on both sides of Miami's
// midnights and of its daylight-saving changes.
const nowArb = fc.oneof(
  fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') }),
  fc.tuple(fc.constantFrom(...dstChanges), fc.integer({ min: -30 * hour, max: 70 * day })).map(([change, offset]) => change + offset),
)
const caseArb = fc.record({
  plan: fc.constantFrom<PlanId>(...planIds),
  before: fc.oneof(
    fc.integer({ min: 0, max: 70 * day }),
    fc.tuple(fc.integer({ min: 0, max: 70 }), fc.integer({ min: -3 * hour, max: 3 * hour })).map(([days, offset]) => Math.max(0, days * day + offset)),
  ),
  status: fc.oneof({ arbitrary: fc.constantFrom('recibido', 'disponible'), weight: 3 }, { arbitrary: fc.constantFrom(...packageStatuses), weight: 1 }),
  // Arrived as a 'recibido' status event (registered earlier), or registered on arrival with none.
  received: fc.boolean(),
  shipment: fc.option(fc.constantFrom(...shipmentStatuses), { nil: undefined, freq: 2 }),
  // Deleted packages leave the device; the database must not count them either.
  deleted: fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 }),
})
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never
const zones = ['UTC', 'America/New_York', 'Europe/Madrid', 'Pacific/Auckland', 'Pacific/Kiritimati']

const noOptions = { insurance: false, repack: false, remove_invoices: false, extra_protection: false }

describe('free storage days, device and database', () => {
  let db: Engine
  const owners = {} as Record<PlanId, string>
  const processZone = process.env.TZ

  beforeAll(async () => {
    db = await openPglite()
    for (const plan of planIds) {
      owners[plan] = (await createApiUser(db)).sub
      await db.owner(`update public.profiles set plan = $2 where id = $1`, [owners[plan], plan])
    }
  }, 60_000)

  afterEach(() => {
    // Assigning undefined would set the text 'undefined'.
    if (processZone === undefined) delete process.env.TZ
    else process.env.TZ = processZone
  })

  afterAll(async () => {
    await db?.close()
  })

  it('the plans table holds the device\'s terms', async () => {
    const rows = await db.owner<{ id: string; free_storage_days: number; free_consolidation: boolean }>(`select id, free_storage_days, free_consolidation from public.plans order by id`)
    expect(Object.fromEntries(rows.map((row) => [row.id, { freeStorageDays: row.free_storage_days, freeConsolidation: row.free_consolidation }]))).toEqual(planTerms)
  })

  /** The packages storage_countdowns counts on the Miami day of `now`, by id, written as they are (no trigger stamps them) and rolled back. */
  async function databaseCountdowns(now: number, cases: (Case & { id: string; arrival: string })[]) {
    const outcome = await db.attempt('owner', async (query) => {
      await query(`set local session_replication_role = replica`)
      const shipments = cases.flatMap((c) => (c.shipment ? [{ id: randomUUID(), package_id: c.id, user_id: owners[c.plan], status: c.shipment }] : []))
      await query(
        `insert into public.shipments (id, user_id, status, service, options, address, declared_total_cents, estimate_cents, estimate)
         select s.id, s.user_id, s.status, 'standard', $2::jsonb, '{}', 0, 0, '{}' from jsonb_to_recordset($1::jsonb) as s (id uuid, user_id uuid, status text)`,
        [JSON.stringify(shipments), JSON.stringify(noOptions)],
      )
      await query(
        `insert into public.packages (id, user_id, locker_code, status, shipment_id, deleted_at, created_at)
         select c.id, c.user_id, 'MIA1', c.status, c.shipment_id, case when c.deleted then c.arrival end,
           case when c.received then c.arrival - interval '2 days' else c.arrival end
         from jsonb_to_recordset($1::jsonb) as c (id uuid, user_id uuid, status text, shipment_id uuid, deleted boolean, received boolean, arrival timestamptz)`,
        [JSON.stringify(cases.map((c) => ({ ...c, user_id: owners[c.plan], shipment_id: shipments.find((s) => s.package_id === c.id)?.id ?? null })))],
      )
      await query(
        `insert into public.package_events (package_id, status, op_id, changed_at, outcome, first_of_status)
         select c.id, 'recibido', gen_random_uuid(), c.arrival, 'applied', true
         from jsonb_to_recordset($1::jsonb) as c (id uuid, arrival timestamptz)`,
        [JSON.stringify(cases.filter((c) => c.received))],
      )
      return query<{ package_id: string; days_left: number; ending: boolean }>(
        `select c.package_id, c.days_left, c.ending from public.storage_countdowns(($1::timestamptz at time zone 'America/New_York')::date) c`,
        [new Date(now).toISOString()],
      )
    })
    if (!outcome.ok) throw new Error(outcome.message)
    return Object.fromEntries(outcome.value.map((row) => [row.package_id, { days_left: row.days_left, ending: row.ending }]))
  }

  it('count down the same packages, with the same days left and the same warning, in any device time zone', async () => {
    await fc.assert(
      fc.asyncProperty(nowArb, fc.array(caseArb, { minLength: 50, maxLength: 50 }), fc.constantFrom(...zones), async (now, generated, zone) => {
        const cases = generated.map((c) => ({ ...c, id: randomUUID(), arrival: new Date(now - c.before).toISOString() }))
        const database = await databaseCountdowns(now, cases)
        process.env.TZ = zone
        const device = Object.fromEntries(
          cases.flatMap((c) => {
            if (c.deleted) return []
            const pkg = c.received
              ? { status: c.status, created_at: new Date(Date.parse(c.arrival) - 2 * day).toISOString(), events: [{ status: 'recibido', changed_at: c.arrival }] }
              : { status: c.status, created_at: c.arrival, events: [] }
            const days = storageDaysLeft(pkg, { plan: c.plan, shipmentStatus: c.shipment }, new Date(now))
            return days === null ? [] : [[c.id, { days_left: days, ending: isStorageEnding(days) }]]
          }),
        )
        expect(device).toEqual(database)
      }),
      { numRuns: 40 },
    )
  })
})
