// The package tool's limits on the device and in the database accept and refuse the same input, on
// PGlite and PostgreSQL 15: random registrations around every limit (the tracking code's length in
// characters once normalised, the weight from 0 to 32 kg, the volume from 0, meta a JSON object) go to
// validatePackage and, as packageFields sends them, to register_package itself as an admin, each
// call undone (the packages table's checks refuse what the function lets through).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { emptyPackageForm, maxTrackingLength, maxWeightKg, packageFields, validatePackage, type PackageForm } from '@/features/admin/panel/package-validation'
import { packageStatuses } from '@/local-db/rows'
import { textOf, typedNear, varyingFieldsOf } from './around-limits.ts'
import { createApiUser, engines, type Engine } from './engines.ts'
import { openForVerdicts, verdicts } from './verdicts.ts'

const randomPackage: fc.Arbitrary<PackageForm> = fc.record({
  trackingCode: textOf(
    fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: maxTrackingLength - 1, max: maxTrackingLength + 1 })),
    // ß upper-cases to two letters; whitespace inside goes.
    fc.constantFrom('A', 'z', '9', '-', 'ñ', 'ß', '😀', '中', ' ', '\t', '\u00a0', '\u0085'),
    'A',
  ),
  status: fc.constantFrom(...packageStatuses),
  weightKg: fc.oneof(fc.constant(''), typedNear(0, 2), typedNear(maxWeightKg, 3), fc.constantFrom('-0.01', '1e1', '3.2e1', '0x10')),
  volumeM3: fc.oneof(fc.constant(''), typedNear(0, 4), typedNear('0.05', 4), fc.constantFrom('-0.0001', '1e-7')),
  // JSON only: text that is not JSON never leaves the device.
  meta: fc.constantFrom('', ' ', '{}', '{"store": "Amazon"}', '[]', 'null', '1', '"box"'),
})
const packageArb = varyingFieldsOf(randomPackage, emptyPackageForm)

describe.each(engines)('the package tool’s limits, device and database ($engine)', ({ open }) => {
  let db: Engine
  openForVerdicts(open, (opened) => (db = opened))

  it('accept and refuse the same registrations', async () => {
    const [admin, customer] = await Promise.all([createApiUser(db, true), createApiUser(db)])
    // As PostgREST passes the arguments: each JSON value cast to the parameter's type, a JSON null as NULL.
    const register = `select public.register_package(gen_random_uuid(), gen_random_uuid(), '${customer.sub}', gen_random_uuid(), $1 ->> 'status',
      $1 ->> 'tracking_code', ($1 ->> 'weight_kg')::numeric, ($1 ->> 'volume_m3')::numeric, nullif($1 -> 'meta', 'null'))`
    await fc.assert(
      fc.asyncProperty(fc.array(packageArb, { minLength: 20, maxLength: 20 }), async (forms) => {
        // The meta as typed, an array or a number too, for the table's check to judge.
        const sent = forms.map((form) => ({ ...packageFields(form), meta: form.meta.trim() ? (JSON.parse(form.meta) as unknown) : null }))
        const database = await verdicts(db, admin, register, sent)
        forms.forEach((form, index) => {
          expect(Object.keys(validatePackage(form)).length === 0, JSON.stringify({ form, database: database[index] })).toBe(database[index] === 'accepted')
        })
      }),
      { numRuns: 40, endOnFailure: true },
    )
  })
})
