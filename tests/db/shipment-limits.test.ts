// A shipment's limits on the device and in the database accept and refuse the same input, for random
// input around every limit: a customer's request (validateShipmentRequest, over shipmentLimits; and
// shipment_package_ids_input, shipment_items_input and shipment_address_input, what request_shipment
// checks: how many packages and items, each text's length in characters as PostgreSQL counts them, a
// quantity, a unit value, a phone's characters), and the box the warehouse weighs (validateBox; and
// shipment_box_input, what advance_shipment checks, under random limits in the rates).
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildRates } from '@/business-rules/rates'
import { boxDetails, validateBox, type BoxForm } from '@/features/admin/shipments/step-validation'
import { shipmentLimits, shipmentRequestOf, validateShipmentRequest, type ShipmentRequestForm } from '@/features/customer/shipments/shipment-request-validation'
import type { ShipmentAddress } from '@/local-db/rows'
import { openPglite, type Engine } from './engines.ts'

/** A count at the bottom or the top of a limit: one under, on it, one over. */
const countAround = (max: number) => fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: max - 1, max: max + 1 }))

/**
 * Text of `length` characters once trimmed (some outside the Basic Multilingual Plane: two UTF-16 units
 * each), maybe padded with whitespace; `edge` stands for a space at either end of those characters.
 */
const textOf = (length: fc.Arbitrary<number>, characters: fc.Arbitrary<string> = fc.constantFrom('a', 'ñ', ' ', '😀', '中'), edge = 'a') =>
  fc
    .tuple(fc.constantFrom('', ' ', '\t '), length.chain((n) => fc.array(characters, { minLength: n, maxLength: n })), fc.constantFrom('', ' '))
    .map(([before, middle, after]) => before + middle.map((c, i) => (c === ' ' && (i === 0 || i === middle.length - 1) ? edge : c)).join('') + after)
const textAround = ([min, max]: readonly [number, number]) => textOf(fc.oneof(fc.integer({ min: Math.max(0, min - 1), max: min + 1 }), fc.integer({ min: max - 1, max: max + 1 })))

const itemArb = fc.record({
  key: fc.uuid(),
  description: textAround([1, shipmentLimits.description]),
  quantity: fc.oneof(fc.integer({ min: -1, max: 2 }), fc.integer({ min: shipmentLimits.quantity - 1, max: shipmentLimits.quantity + 1 })).map(String),
  unit_value_usd: fc.oneof(
    fc.integer({ min: 0, max: 300 }).map((cents) => (cents / 100).toFixed(2)),
    fc.integer({ min: shipmentLimits.unitValueUsd * 100 - 2, max: shipmentLimits.unitValueUsd * 100 + 2 }).map((cents) => (cents / 100).toFixed(cents % 10 === 0 ? 1 : 2)),
    fc.constantFrom('0.005', '49999.999', String(shipmentLimits.unitValueUsd)),
  ),
})

const addressFields = Object.keys(shipmentLimits.address) as (keyof ShipmentAddress)[]
const addressArb = fc.record(
  Object.fromEntries(
    addressFields.map((field) => [
      field,
      field === 'phone'
        ? textOf(fc.integer({ min: 4, max: 31 }), fc.constantFrom('5', '+', '(', ')', '-', ' ', '5', '5', 'x'), '5')
        : textAround(shipmentLimits.address[field]),
    ]),
  ) as Record<keyof ShipmentAddress, fc.Arbitrary<string>>,
)

const formArb: fc.Arbitrary<ShipmentRequestForm> = fc.record({
  package_ids: countAround(shipmentLimits.packages).map((count) => Array.from({ length: count }, () => randomUUID())),
  service: fc.constant('standard' as const),
  options: fc.constant({ insurance: false, repack: false, remove_invoices: false, extra_protection: false }),
  items: countAround(shipmentLimits.items).chain((count) => fc.array(itemArb, { minLength: count, maxLength: count })),
  address: addressArb,
})

/** A decimal of up to `decimals` decimals from `min` to `max`, as a rate or a scale reads it. */
const decimalBetween = (min: number, max: number, decimals: number) =>
  fc.integer({ min: 0, max: decimals }).chain((scale) => fc.integer({ min: min * 10 ** scale, max: max * 10 ** scale }).map((units) => (units / 10 ** scale).toFixed(scale)))

const limitsArb = fc.record({ max_weight_kg: decimalBetween(1, 100, 3), max_linear_in: decimalBetween(10, 200, 3) })
/** A box around these limits: its weight, and sides whose sum lands on both sides of the largest size. */
const boxArb = (limits: { max_weight_kg: string; max_linear_in: string }): fc.Arbitrary<BoxForm> => {
  const sideTenths = Math.ceil((Number(limits.max_linear_in) * 25.4) / 3)
  const side = fc.integer({ min: Math.max(1, sideTenths - 3), max: sideTenths + 3 }).map((tenths) => (tenths / 10).toFixed(tenths % 10 === 0 ? 0 : 1))
  return fc.record({
    weight_kg: fc.oneof(decimalBetween(0, Math.ceil(Number(limits.max_weight_kg)) + 1, 2), fc.constant(limits.max_weight_kg)),
    length_cm: side,
    width_cm: side,
    height_cm: side,
  })
}

describe('a shipment’s limits, device and database', () => {
  let db: Engine

  beforeAll(async () => {
    db = await openPglite()
    // The refusal key (or the message) of a call, null when it passes: a batch of calls in one query.
    await db.owner(`
      create function pg_temp.refusal(p_call text, p_value jsonb) returns text language plpgsql as $$
      declare
        v_hint text;
      begin
        execute p_call using p_value;
        return null;
      exception when others then
        get stacked diagnostics v_hint = pg_exception_hint;
        return coalesce(nullif(v_hint, ''), sqlerrm);
      end $$`)
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  /** Whether `call` accepts each value ($1), and the refusal's key when it does not. */
  const verdicts = async (call: string, values: unknown[]) =>
    (await db.owner<{ refusal: string | null }>(`select pg_temp.refusal($1, v.value) as refusal from jsonb_array_elements($2::jsonb) with ordinality v order by v.ordinality`, [call, JSON.stringify(values)])).map(
      (row) => row.refusal ?? 'accepted',
    )

  it('accept and refuse the same requests', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(formArb, { minLength: 10, maxLength: 10 }), async (forms) => {
        const requests = forms.map(shipmentRequestOf)
        const [packages, items, address] = await Promise.all([
          verdicts(`select public.shipment_package_ids_input(array(select jsonb_array_elements_text($1))::uuid[])`, requests.map((request) => request.package_ids)),
          verdicts(`select public.shipment_items_input($1)`, requests.map((request) => request.items)),
          verdicts(`select public.shipment_address_input($1)`, requests.map((request) => request.address)),
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
        const database = await verdicts(`select public.shipment_box_input($1)`, boxes.map(boxDetails))
        boxes.forEach((box, index) => {
          expect(Object.keys(validateBox(box, rates)).length === 0, JSON.stringify({ limits, box, database: database[index] })).toBe(database[index] === 'accepted')
        })
      }),
      // Found by a run: "1.000" kg and "8.20" cm are numbers of at most 2 and 1 decimals to the database.
      { numRuns: 40, examples: [[[{ max_weight_kg: '1.000', max_linear_in: '10' }, [{ weight_kg: '1.000', length_cm: '8.20', width_cm: '8.2', height_cm: '8.2' }]]]] },
    )
  })
})
