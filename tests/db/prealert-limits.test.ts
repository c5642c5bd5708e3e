// A prealert's limits on the device and in the database accept and refuse the same input, on PGlite
// and PostgreSQL 15: random prealerts around every limit (the tracking number's length and
// characters once normalised, the store's and the description's length in characters, the declared
// value as typed, the expected date) go to validatePrealert and, as prealertFields sends them, to
// save_prealert itself as their customer, each call undone.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { trackingCodeLength } from '@/components/tracking-code'
import { prealertFields, prealertLimits, validatePrealert, type PrealertForm } from '@/features/customer/prealerts/prealert-validation'
import { textAround, textOf, typedNear, varyingFieldsOf } from './around-limits.ts'
import { createApiUser, engines, type Engine } from './engines.ts'
import { openForVerdicts, verdicts } from './verdicts.ts'

const { min: minTracking, max: maxTracking } = trackingCodeLength

/** A date input's value, and what else might reach the field: none, days that do not exist, the years at the ends. */
const dayArb = fc.oneof(
  fc.constant(''),
  fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  fc.constantFrom('0000-01-01', '0001-01-01', '9999-12-31', '2024-02-29', '2025-02-29', '2026-04-31', '2026-13-01', '2026-00-10'),
)

const randomPrealert: fc.Arbitrary<PrealertForm> = fc.record({
  tracking_code: textOf(
    fc.oneof(fc.integer({ min: minTracking - 1, max: minTracking + 1 }), fc.integer({ min: maxTracking - 1, max: maxTracking + 1 })),
    // Letters that upper-case to ASCII (ı, ſ) or to two letters (ß, ﬁ), and whitespace inside, which goes.
    fc.constantFrom('A', 'z', '9', '-', '-', 'ı', 'ſ', 'ß', 'ﬁ', '_', '😀', ' ', '\t', '\u00a0', '\u3000', '\u0085'),
    'A',
  ),
  store: textAround([1, prealertLimits.store]),
  description: textAround([1, prealertLimits.description]),
  declared_value_usd: fc.oneof(typedNear(0, 2), typedNear('19.99', 2), typedNear(prealertLimits.maxValueUsd, 2)),
  expected_on: dayArb,
})
const prealertArb = varyingFieldsOf(randomPrealert, { tracking_code: '1Z999AA10123456784', store: 'Amazon', description: 'Earbuds', declared_value_usd: '59.90', expected_on: '2026-12-01' })

describe.each(engines)('a prealert’s limits, device and database ($engine)', ({ open }) => {
  let db: Engine
  openForVerdicts(open, (opened) => (db = opened))

  it('accept and refuse the same prealerts', async () => {
    const customer = await createApiUser(db)
    // As PostgREST passes the arguments: each JSON value cast to the parameter's type.
    const save = `select public.save_prealert(gen_random_uuid(), gen_random_uuid(), $1 ->> 'tracking_code', $1 ->> 'store', $1 ->> 'description',
      ($1 ->> 'declared_value_usd')::numeric, ($1 ->> 'expected_on')::date)`
    await fc.assert(
      fc.asyncProperty(fc.array(prealertArb, { minLength: 20, maxLength: 20 }), async (forms) => {
        const database = await verdicts(db, customer, save, forms.map(prealertFields))
        forms.forEach((form, index) => {
          expect(Object.keys(validatePrealert(form)).length === 0, JSON.stringify({ form, database: database[index] })).toBe(database[index] === 'accepted')
        })
      }),
      { numRuns: 40, endOnFailure: true },
    )
  })
})
