// The rates an admin types are accepted and refused alike on the device and in the database, on PGlite
// and PostgreSQL 15: random values around every rate's bounds, as typed (rateProblem), and as
// storedRate sends them to set_rates itself as an admin (rate_problem), each change undone.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rateFields, rateProblem, storedRate } from '@/features/admin/rates/rate-fields'
import { typedNear } from './around-limits.ts'
import { createApiUser, engines, type Engine } from './engines.ts'
import { openForVerdicts, verdicts } from './verdicts.ts'

/** Values around the bounds of each kind of rate, as the admin types them (dollars for cents). */
const typedByUnit = {
  usd: fc.oneof(typedNear(0, 2), typedNear('4.99', 2), typedNear(1000, 2)),
  percent: fc.oneof(typedNear(0, 2), typedNear('1.15', 2), typedNear(100, 2)),
  divisor: fc.oneof(typedNear(1, 0), typedNear(166, 0), typedNear(100000, 0)),
  limit: fc.oneof(typedNear(0, 3), typedNear('0.01', 3), typedNear(32, 3), typedNear('108.5', 4)),
}
const rateArb = fc.constantFrom(...rateFields).chain(({ key, unit }) => typedByUnit[unit].map((typed) => ({ key, typed })))

describe.each(engines)('the rates’ limits, device and database ($engine)', ({ open }) => {
  let db: Engine
  openForVerdicts(open, (opened) => (db = opened))

  it('accept and refuse the same rates', async () => {
    const admin = await createApiUser(db, true)
    await fc.assert(
      fc.asyncProperty(fc.array(rateArb, { minLength: 20, maxLength: 20 }), async (rates) => {
        const database = await verdicts(db, admin, `select public.set_rates($1)`, rates.map(({ key, typed }) => ({ [key]: storedRate(key, typed) })))
        rates.forEach(({ key, typed }, index) => expect(rateProblem(key, typed) === undefined, JSON.stringify({ key, typed, database: database[index] })).toBe(database[index] === 'accepted'))
      }),
      { numRuns: 30, endOnFailure: true },
    )
  })
})
