// A report's range on the device and in the database is accepted and refused alike, on PGlite and
// PostgreSQL 15: random ranges around the longest (400 days, both ends included), reversed, of one
// day, or with a day the calendar lacks, go to rangeProblem and to admin_report itself as an admin.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, maxReportDays, rangeProblem } from '@/features/admin/reports/report-range'
import type { ReportRequest } from '@/remote/reports'
import { createApiUser, engines, type Engine } from './engines.ts'
import { openForVerdicts, verdicts } from './verdicts.ts'

const dayArb = fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10))
/** Days in a date input's form (yyyy-mm-dd) that the calendar lacks, and none. */
const oddDayArb = fc.constantFrom('', '2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '0000-06-01')

const rangeArb: fc.Arbitrary<ReportRequest> = fc.oneof(
  fc.record({
    from: dayArb,
    length: fc.oneof(fc.integer({ min: -1, max: 2 }), fc.integer({ min: maxReportDays - 2, max: maxReportDays + 2 })),
    bucket: fc.constantFrom('day' as const, 'week' as const),
  }).map(({ from, length, bucket }) => ({ from, to: addDays(from, length - 1), bucket })),
  fc.record({ from: fc.oneof(dayArb, oddDayArb), to: fc.oneof(dayArb, oddDayArb), bucket: fc.constant('day' as const) }),
  fc.record({ from: oddDayArb, to: fc.constant('2026-03-31'), bucket: fc.constant('day' as const) }),
)

describe.each(engines)('a report’s range, device and database ($engine)', ({ open }) => {
  let db: Engine
  openForVerdicts(open, (opened) => (db = opened))

  it('accept and refuse the same ranges', async () => {
    const admin = await createApiUser(db, true)
    // As PostgREST passes the arguments: each JSON value cast to the parameter's type.
    const report = `select public.admin_report(($1 ->> 'from')::date, ($1 ->> 'to')::date, $1 ->> 'bucket')`
    await fc.assert(
      fc.asyncProperty(fc.array(rangeArb, { minLength: 10, maxLength: 10 }), async (ranges) => {
        const database = await verdicts(db, admin, report, ranges)
        ranges.forEach((range, index) => expect(rangeProblem(range) === null, JSON.stringify({ range, database: database[index] })).toBe(database[index] === 'accepted'))
      }),
      { numRuns: 30, endOnFailure: true },
    )
  })
})
