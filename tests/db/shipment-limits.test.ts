// A shipment's limits on the device and in the database accept and refuse the same input, for random
// input around every limit, on PGlite and PostgreSQL 15: a customer's request (validateShipmentRequest,
// over shipmentLimits; and shipment_package_ids_input, shipment_items_input and shipment_address_input,
// what request_shipment checks: how many packages and items, each text's length in characters as
// PostgreSQL counts them, a quantity, a unit value as typed, a phone's characters), and the box the
// warehouse weighs (validateBox; and shipment_box_input, what advance_shipment checks, under random
// limits in the rates), and the warehouse's other steps (validateDispatch and validateReweigh; and
// advance_shipment itself, shipping an approved shipment or weighing a box again).
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildRates } from '@/business-rules/rates'
import { stepLimits } from '@/components/shipment-step-limits'
import { boxDetails, dispatchDetails, reweighDetails, validateBox, validateDispatch, validateReweigh, type BoxForm } from '@/features/admin/shipments/step-validation'
import { shipmentLimits, shipmentRequestOf, validateShipmentRequest, type ShipmentRequestForm } from '@/features/customer/shipments/shipment-request-validation'
import type { ShipmentAddress } from '@/local-db/rows'
import { countAround, decimalBetween, textAround, textOf, typedNear, varyingFieldsOf } from './around-limits.ts'
import { createApiUser, engines, type Engine } from './engines.ts'
import { payOwedSql } from '../support/pay-owed.ts'
import { prepareVerdicts, verdicts } from './verdicts.ts'

const itemArb = fc.record({
  key: fc.uuid(),
  description: textAround([1, shipmentLimits.description]),
  quantity: fc.oneof(typedNear(1, 0), typedNear(shipmentLimits.quantity, 0)),
  unit_value_usd: fc.oneof(typedNear(0, 2), typedNear('1.5', 2), typedNear(shipmentLimits.unitValueUsd, 2)),
})

const addressFields = Object.keys(shipmentLimits.address) as (keyof ShipmentAddress)[]
const randomAddress = fc.record(
  Object.fromEntries(
    addressFields.map((field) => [
      field,
      field === 'phone'
        ? textOf(fc.integer({ min: 4, max: 31 }), fc.constantFrom('5', '+', '(', ')', '-', ' ', '5', '5', 'x'), '5')
        : textAround(shipmentLimits.address[field]),
    ]),
  ) as Record<keyof ShipmentAddress, fc.Arbitrary<string>>,
)
const addressArb = varyingFieldsOf(randomAddress, { name: 'Ana Pérez', address: 'Av. Libertador 12', city: 'Caracas', postal_code: '1010', country: 'Venezuela', phone: '+58 412 555 0101', id_number: 'V-12345678' })

const formArb: fc.Arbitrary<ShipmentRequestForm> = fc.record({
  package_ids: countAround(shipmentLimits.packages).map((count) => Array.from({ length: count }, () => randomUUID())),
  service: fc.constant('standard' as const),
  options: fc.constant({ insurance: false, repack: false, remove_invoices: false, extra_protection: false }),
  items: countAround(shipmentLimits.items).chain((count) => fc.array(itemArb, { minLength: count, maxLength: count })),
  address: addressArb,
})

const limitsArb = fc.record({ max_weight_kg: decimalBetween(1, 100, 3), max_linear_in: decimalBetween(10, 200, 3) })
/** A box around these limits: its weight as typed, and sides whose sum lands on both sides of the largest size. */
const boxArb = (limits: { max_weight_kg: string; max_linear_in: string }): fc.Arbitrary<BoxForm> => {
  const sideTenths = Math.ceil((Number(limits.max_linear_in) * 25.4) / 3)
  const side = fc.oneof(typedNear((sideTenths / 10).toFixed(1), 1), typedNear('0.1', 1))
  return fc.record({
    weight_kg: fc.oneof(decimalBetween(0, Math.ceil(Number(limits.max_weight_kg)) + 1, 2), typedNear(limits.max_weight_kg, 2), typedNear('0.01', 2)),
    length_cm: side,
    width_cm: side,
    height_cm: side,
  })
}

const [minTracking, maxTracking] = stepLimits.tracking
const dispatchArb = fc.record({
  carrier: textAround([1, stepLimits.carrier]),
  tracking: textOf(
    fc.oneof(fc.integer({ min: minTracking - 1, max: minTracking + 1 }), fc.integer({ min: maxTracking - 1, max: maxTracking + 1 })),
    fc.constantFrom('A', 'z', '7', '-', '-', 'ñ', 'ı', 'ß', '_', ' ', '😀'),
    'A',
  ),
})
const reweighArb = fc.record({ reason: textAround([1, stepLimits.reason]) })

describe.each(engines)('a shipment’s limits, device and database ($engine)', ({ open }) => {
  let db: Engine

  beforeAll(async () => {
    db = await open()
    await prepareVerdicts(db)
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  it('accept and refuse the same requests', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(formArb, { minLength: 10, maxLength: 10 }), async (forms) => {
        const requests = forms.map(shipmentRequestOf)
        const [packages, items, address] = await Promise.all([
          verdicts(db, 'owner', `select public.shipment_package_ids_input(array(select jsonb_array_elements_text($1))::uuid[])`, requests.map((request) => request.package_ids)),
          verdicts(db, 'owner', `select public.shipment_items_input($1)`, requests.map((request) => request.items)),
          verdicts(db, 'owner', `select public.shipment_address_input($1)`, requests.map((request) => request.address)),
        ])
        forms.forEach((form, index) => {
          const errors = validateShipmentRequest(form)
          const device = {
            packages: errors.packages === undefined,
            items: errors.items === undefined && Object.keys(errors.item).length === 0,
            address: Object.keys(errors.address).length === 0,
          }
          const database = { packages: packages[index], items: items[index], address: address[index] }
          const accepted = { packages: database.packages === 'accepted', items: database.items === 'accepted', address: database.address === 'accepted' }
          expect(device, JSON.stringify({ database, form })).toEqual(accepted)
        })
      }),
      // Shrinking forms of fifty items, a query per step, takes minutes: the first failing batch is reported as it is.
      { numRuns: 30, endOnFailure: true },
    )
  })

  it('accept and refuse the same boxes, under any limits the rates set', async () => {
    const limitsAndBoxes = limitsArb.chain((limits) => fc.tuple(fc.constant(limits), fc.array(boxArb(limits), { minLength: 50, maxLength: 50 })))
    await fc.assert(
      fc.asyncProperty(limitsAndBoxes, async ([limits, boxes]) => {
        await db.owner(`update public.rates r set value = l.value::numeric from jsonb_each_text($1::jsonb) l (key, value) where r.key = l.key`, [JSON.stringify(limits)])
        const rates = { ...buildRates, max_weight_kg: Number(limits.max_weight_kg), max_linear_in: Number(limits.max_linear_in) }
        const database = await verdicts(db, 'owner', `select public.shipment_box_input($1)`, boxes.map(boxDetails))
        boxes.forEach((box, index) => {
          expect(Object.keys(validateBox(box, rates)).length === 0, JSON.stringify({ limits, box, database: database[index] })).toBe(database[index] === 'accepted')
        })
      }),
      // Found by a run: "1.000" kg and "8.20" cm are numbers of at most 2 and 1 decimals to the database.
      { numRuns: 40, examples: [[[{ max_weight_kg: '1.000', max_linear_in: '10' }, [{ weight_kg: '1.000', length_cm: '8.20', width_cm: '8.2', height_cm: '8.2' }]]]] },
    )
  })

  it('accept and refuse the same dispatches and reasons to weigh again', async () => {
    const [admin, customer] = await Promise.all([createApiUser(db, true), createApiUser(db)])
    /** A shipment of one package, taken by advance_shipment to `steps` (the box weighed on the way to approval). */
    const shipmentAt = async (...steps: ('processing' | 'awaiting_approval' | 'approved')[]) => {
      const [pkg] = await db.owner<{ id: string }>(`insert into public.packages (user_id, status, weight_kg) values ($1, 'recibido', 1) returning id`, [customer.sub])
      const id = randomUUID()
      const address = { name: 'Ana', address: 'Av. 1', city: 'Caracas', postal_code: '', country: 'Venezuela', phone: '+58 412 555 0101', id_number: '' }
      const items = [{ description: 'Shoes', quantity: 1, unit_value_usd: 10 }]
      await db.as(customer)(`select public.request_shipment($1, $2, array[$3]::uuid[], 'standard', '{}', $4, $5)`, [randomUUID(), id, pkg!.id, JSON.stringify(items), JSON.stringify(address)])
      let version = 1
      for (const step of steps) {
        // Within whatever limits the test of boxes left in the rates.
        const box = step === 'awaiting_approval' ? { weight_kg: 1, length_cm: 1, width_cm: 1, height_cm: 1 } : {}
        const [shipment] =
          step === 'approved'
            ? await db.as(customer)<{ version: number }>(`select (public.approve_shipment($1, $2, (select s.final_cents from public.shipments s where s.id = $2)) ->> 'version')::integer as version`, [randomUUID(), id])
            : await db.as(admin)<{ version: number }>(`select (public.advance_shipment($1, $2, $3, $4, null, $5) #>> '{shipment,version}')::integer as version`, [randomUUID(), id, step, version, JSON.stringify(box)])
        version = shipment!.version
      }
      return { id, version }
    }
    const approved = await shipmentAt('processing', 'awaiting_approval', 'approved')
    await db.owner(payOwedSql, [customer.sub])
    const weighed = await shipmentAt('processing', 'awaiting_approval')
    const step = (shipment: { id: string; version: number }, status: string) =>
      `select public.advance_shipment(gen_random_uuid(), '${shipment.id}', '${status}', ${shipment.version}, null, $1)`
    await fc.assert(
      fc.asyncProperty(fc.array(dispatchArb, { minLength: 20, maxLength: 20 }), fc.array(reweighArb, { minLength: 20, maxLength: 20 }), async (dispatches, reasons) => {
        const [shipped, reweighed] = await Promise.all([
          verdicts(db, admin, step(approved, 'shipped'), dispatches.map(dispatchDetails)),
          verdicts(db, admin, step(weighed, 'processing'), reasons.map(reweighDetails)),
        ])
        dispatches.forEach((form, index) => expect(Object.keys(validateDispatch(form)).length === 0, JSON.stringify({ form, database: shipped[index] })).toBe(shipped[index] === 'accepted'))
        reasons.forEach((form, index) => expect(Object.keys(validateReweigh(form)).length === 0, JSON.stringify({ form, database: reweighed[index] })).toBe(reweighed[index] === 'accepted'))
      }),
      { numRuns: 30, endOnFailure: true },
    )
  })
})
