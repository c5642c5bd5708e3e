// The device's price (priceShipment, the calculator's quoteShipment, the admin's preview of a box) and
// the database's are the same to the cent, for random rates and shipments: the database prices with
// the functions request_shipment, set_shipment_packages and advance_shipment call (package_weights or
// box_weights, then shipment_price), never a copy of them. Each run sets the rates once and prices a
// batch in one query.
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ceiling, decimal, dividedBy, floor, plus, roundHalfAwayFromZero, times, toText } from '@/business-rules/decimal'
import { planIds, type PlanId } from '@/business-rules/plans'
import { buildRates, rateKeys, type RateKey, type Rates } from '@/business-rules/rates'
import { priceShipment, type PriceBreakdown } from '@/business-rules/shipment-price'
import { boxWeights, imperialWeights, packageWeights } from '@/business-rules/shipment-weights'
import { addOnKinds, quoteShipment, type AddOn, type Units } from '@/features/public/calculator/shipping-quote'
import { createApiUser, openPglite, type Engine } from './engines.ts'

/** A decimal's text with exactly `scale` decimals, as a customer or a rate table writes it. */
const decimalText = (units: number, scale: number) => {
  const digits = String(units).padStart(scale + 1, '0')
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`
}
const decimalArb = (max: number, maxScale: number, min = 0) =>
  fc.integer({ min: 0, max: maxScale }).chain((scale) => fc.integer({ min: Math.ceil(min * 10 ** scale), max: max * 10 ** scale }).map((units) => decimalText(units, scale)))

/** Every rate in the range the rates table allows; insurance includes percentages floating point gets wrong. */
const ratesArb: fc.Arbitrary<Record<RateKey, string>> = fc.record({
  basic_cents_per_lb: fc.integer({ min: 0, max: 100_000 }).map(String),
  standard_cents_per_lb: fc.integer({ min: 0, max: 100_000 }).map(String),
  premium_cents_per_lb: fc.integer({ min: 0, max: 100_000 }).map(String),
  express_cents: fc.integer({ min: 0, max: 100_000 }).map(String),
  storage_fee_cents_per_day: fc.integer({ min: 0, max: 100_000 }).map(String),
  // Percentages ending in 5 hundredths put a declared $10, $30, $50… on half a cent, where floating
  // point rounded 1.15 %, 0.35 % and 4.35 % of some of them down.
  insurance_percent: fc.oneof(
    { arbitrary: fc.constantFrom('1.15', '0.35', '4.35', '2.75', '0.5'), weight: 3 },
    { arbitrary: fc.integer({ min: 0, max: 999 }).map((tenths) => decimalText(tenths * 10 + 5, 2)), weight: 1 },
    { arbitrary: fc.integer({ min: 0, max: 10_000 }).map((hundredths) => decimalText(hundredths, 2)), weight: 1 },
  ),
  consolidation_basic_cents: fc.integer({ min: 0, max: 100_000 }).map(String),
  photos_cents: fc.integer({ min: 0, max: 100_000 }).map(String),
  volumetric_in3_per_lb: fc.oneof(fc.constantFrom('139', '166', '6000'), fc.integer({ min: 1, max: 100_000 }).map(String)),
  volumetric_cm3_per_kg: fc.oneof(fc.constantFrom('5000', '6000', '7000'), fc.integer({ min: 1, max: 100_000 }).map(String)),
  // Above the calculator's inputs below, so that every quote is priced.
  max_weight_kg: fc.constantFrom('32', '45.5', '1000'),
  max_linear_in: fc.constantFrom('108', '150', '1000'),
})
const ratesOf = (text: Record<RateKey, string>) => Object.fromEntries(rateKeys.map((key) => [key, Number(text[key])])) as Rates

type Generated<A> = A extends fc.Arbitrary<infer T> ? T : never

const planArb = fc.constantFrom<PlanId>(...planIds)

const quoteArb = fc.record({
  units: fc.constantFrom<Units>('metric', 'imperial'),
  weight: decimalArb(32, 3, 0.001),
  length: decimalArb(36, 2, 0.01),
  width: decimalArb(36, 2, 0.01),
  height: decimalArb(36, 2, 0.01),
  plan: planArb,
  declaredValue: fc.oneof(decimalArb(50_000, 2, 0.01), fc.integer({ min: 0, max: 2_499 }).map((k) => String((2 * k + 1) * 10))),
  addOns: fc.subarray(addOnKinds),
  comma: fc.boolean(),
})

const estimateArb = fc.record({
  plan: planArb,
  packages: fc.array(fc.record({ weight_kg: fc.option(decimalArb(32, 3), { nil: null }), volume_m3: fc.option(decimalArb(2, 6), { nil: null }) }), { minLength: 1, maxLength: 20, size: 'max' }),
  service: fc.constantFrom('standard' as const, 'express' as const),
  insurance: fc.boolean(),
  declaredTotalCents: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 2_499 }).map((k) => (2 * k + 1) * 1000), fc.integer({ min: 0, max: 2_500_000_000 })),
})

/** A weighed box as the desk records it (kg to 2 decimals, cm to 1) and the shipment it prices. */
const boxArb = fc.record({
  plan: planArb,
  box: fc.record({
    weight_kg: fc.integer({ min: 1, max: 3200 }).map((units) => units / 100),
    length_cm: fc.integer({ min: 1, max: 1500 }).map((units) => units / 10),
    width_cm: fc.integer({ min: 1, max: 1500 }).map((units) => units / 10),
    height_cm: fc.integer({ min: 1, max: 1500 }).map((units) => units / 10),
  }),
  service: fc.constantFrom('standard' as const, 'express' as const),
  insurance: fc.boolean(),
  declaredTotalCents: fc.integer({ min: 0, max: 2_500_000_000 }),
  packageCount: fc.integer({ min: 1, max: 20 }),
})

describe('one price on the device and in the database (PGlite)', () => {
  let db: Engine
  /** Whose packages the estimates weigh. */
  let owner: string

  beforeAll(async () => {
    db = await openPglite()
    owner = (await createApiUser(db)).sub
  })
  afterAll(() => db?.close())

  const setRates = (rates: Record<RateKey, string>) =>
    db.owner(`update public.rates r set value = n.value::numeric from jsonb_each_text($1::jsonb) n (key, value) where r.key = n.key`, [JSON.stringify(rates)])

  const devicePounds = (rates: Rates, q: Generated<typeof quoteArb>) => {
    const weights = imperialWeights(rates, decimal(q.weight), times(times(decimal(q.length), decimal(q.width)), decimal(q.height)))
    return { actual_lb: toText(weights.actualLb), volumetric_lb: toText(weights.volumetricLb) }
  }

  /**
   * The calculator's box as advance_shipment prices a box, in kg and cm. The database never takes pounds
   * and inches, so an imperial quote's pounds are the device's (imperialWeights) and only its price is
   * the database's.
   */
  const databaseQuotes = async (quotes: Generated<typeof quoteArb>[], rates: Rates) =>
    (
      await db.owner<{ p: PriceBreakdown }>(
        `select public.shipment_price(c.plan,
            case c.units when 'metric' then w.actual_lb else c.actual_lb end,
            case c.units when 'metric' then w.volumetric_lb else c.volumetric_lb end,
            c.service, c.insurance, round(c.declared * 100)::bigint, c.count) as p
         from jsonb_to_recordset($1::jsonb) as c (plan text, units text, weight numeric, length numeric, width numeric,
           height numeric, actual_lb numeric, volumetric_lb numeric, service text, insurance boolean, declared numeric, count integer, i integer)
         cross join lateral public.box_weights(c.weight, c.length, c.width, c.height) w
         order by c.i`,
        [
          JSON.stringify(
            quotes.map((q, i) => ({
              i,
              plan: q.plan,
              units: q.units,
              weight: q.weight,
              length: q.length,
              width: q.width,
              height: q.height,
              ...(q.units === 'imperial' ? devicePounds(rates, q) : {}),
              service: q.addOns.includes('express') ? 'express' : 'standard',
              insurance: q.addOns.includes('insurance'),
              declared: q.addOns.includes('insurance') ? q.declaredValue : '0',
              count: q.addOns.includes('consolidation') ? 2 : 1,
            })),
          ),
        ],
      )
    ).map((row) => row.p)

  /** Boxes as advance_shipment prices the weighed box, with as many packages in its shipment. */
  const databaseBoxes = async (boxes: Generated<typeof boxArb>[]) =>
    (
      await db.owner<{ p: PriceBreakdown }>(
        `select public.shipment_price(c.plan, w.actual_lb, w.volumetric_lb, c.service, c.insurance, c.declared, c.count) as p
         from jsonb_to_recordset($1::jsonb) as c (plan text, weight_kg numeric, length_cm numeric, width_cm numeric, height_cm numeric,
           service text, insurance boolean, declared bigint, count integer, i integer)
         cross join lateral public.box_weights(c.weight_kg, c.length_cm, c.width_cm, c.height_cm) w
         order by c.i`,
        [JSON.stringify(boxes.map((b, i) => ({ i, ...b.box, plan: b.plan, service: b.service, insurance: b.insurance, declared: b.declaredTotalCents, count: b.packageCount })))],
      )
    ).map((row) => row.p)

  /**
   * Packages as request_shipment and set_shipment_packages price their estimate: written to the
   * packages table (as they are, no trigger stamps them) and weighed by package_weights, then rolled back.
   */
  const databaseEstimates = async (estimates: Generated<typeof estimateArb>[]) => {
    const rows = estimates.map((e, i) => ({ i, plan: e.plan, service: e.service, insurance: e.insurance, declared: e.declaredTotalCents, packages: e.packages.map((pkg) => ({ id: randomUUID(), ...pkg })) }))
    const outcome = await db.attempt('owner', async (query) => {
      await query(`set local session_replication_role = replica`)
      await query(
        `insert into public.packages (id, user_id, locker_code, weight_kg, volume_m3)
         select p.id, $2, 'MIA1', p.weight_kg, p.volume_m3 from jsonb_to_recordset($1::jsonb) as p (id uuid, weight_kg numeric, volume_m3 numeric)`,
        [JSON.stringify(rows.flatMap((row) => row.packages)), owner],
      )
      return query<{ p: PriceBreakdown }>(
        `select public.shipment_price(c.plan, w.actual_lb, w.volumetric_lb, c.service, c.insurance, c.declared, cardinality(c.ids)) as p
         from jsonb_to_recordset($1::jsonb) as c (plan text, ids uuid[], service text, insurance boolean, declared bigint, i integer)
         cross join lateral public.package_weights(c.ids) w
         order by c.i`,
        [JSON.stringify(rows.map(({ packages, ...row }) => ({ ...row, ids: packages.map((pkg) => pkg.id) })))],
      )
    })
    if (!outcome.ok) throw new Error(outcome.message)
    return outcome.value.map((row) => row.p)
  }

  it('adds, multiplies, divides and rounds as numeric does, digit for digit', async () => {
    const operand = fc.tuple(fc.boolean(), fc.oneof(decimalArb(10, 8), decimalArb(1_000_000_000, 4), decimalArb(100_000, 0))).map(([negative, text]) => (negative ? `-${text}` : text))
    const divisor = operand.filter((text) => decimal(text).units !== 0n)
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(operand, divisor), { minLength: 1, maxLength: 400, size: 'max' }), async (pairs) => {
        const database = await db.owner<Record<'sum' | 'product' | 'quotient' | 'rounded' | 'ceil' | 'floor', string>>(
          `select (a + b)::text as sum, (a * b)::text as product, (a / b)::text as quotient, round(a)::text as rounded,
             ceil(a)::text as ceil, floor(a)::text as floor
           from jsonb_to_recordset($1::jsonb) as c (a numeric, b numeric, i integer) order by c.i`,
          [JSON.stringify(pairs.map(([a, b], i) => ({ a, b, i })))],
        )
        pairs.forEach(([aText, bText], index) => {
          const [a, b] = [decimal(aText), decimal(bText)]
          expect({
            sum: toText(plus(a, b)),
            product: toText(times(a, b)),
            quotient: toText(dividedBy(a, b)),
            rounded: String(roundHalfAwayFromZero(a)),
            ceil: String(ceiling(a)),
            floor: String(floor(a)),
          }).toEqual(database[index])
        })
      }),
      { numRuns: 10 },
    )
  })

  it('insures $30.00 at 1.15 % for 35 ¢ on both sides', async () => {
    const rates = { ...buildRates, insurance_percent: 1.15 }
    await setRates({ ...(Object.fromEntries(rateKeys.map((key) => [key, String(buildRates[key])])) as Record<RateKey, string>), insurance_percent: '1.15' })
    const [database] = await db.owner<{ p: PriceBreakdown }>(`select public.shipment_price('basic', 1, 0, 'standard', true, 3000, 1) as p`)
    expect(database!.p.insurance_cents).toBe(35)
    expect(priceShipment(rates, { plan: 'basic', actualLb: decimal(1), volumetricLb: decimal(0), service: 'standard', insurance: true, declaredTotalCents: 3000, packageCount: 1 }).insurance_cents).toBe(35)
  })

  it('prices the calculator’s quotes as the database prices a box, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(ratesArb, fc.array(quoteArb, { minLength: 1, maxLength: 250, size: 'max' }), async (rateText, quotes) => {
        await setRates(rateText)
        const rates = ratesOf(rateText)
        const database = await databaseQuotes(quotes, rates)
        quotes.forEach((q, index) => {
          const separator = (text: string) => (q.comma ? text.replace('.', ',') : text)
          const result = quoteShipment(
            { units: q.units, weight: separator(q.weight), length: separator(q.length), width: separator(q.width), height: separator(q.height), plan: q.plan, declaredValue: separator(q.declaredValue), addOns: new Set<AddOn>(q.addOns) },
            rates,
          )
          if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`)
          const { quote } = result
          const cents = (kind: AddOn) => quote.addOns.find((addOn) => addOn.kind === kind)?.cents ?? 0
          const price = database[index]!
          expect({ ...price, total_cents: price.total_cents + cents('photos') }).toEqual({
            billable_lb: quote.billableLb,
            cents_per_lb: quote.centsPerPound,
            freight_cents: quote.freightCents,
            express_cents: cents('express'),
            insurance_cents: cents('insurance'),
            consolidation_cents: cents('consolidation'),
            total_cents: quote.totalCents,
          })
        })
      }),
      { numRuns: 16 },
    )
  })

  it('prices the admin’s preview of a weighed box as advance_shipment prices it, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(ratesArb, fc.array(boxArb, { minLength: 1, maxLength: 250, size: 'max' }), async (rateText, boxes) => {
        await setRates(rateText)
        const rates = ratesOf(rateText)
        const database = await databaseBoxes(boxes)
        boxes.forEach((b, index) => {
          const device = priceShipment(rates, { plan: b.plan, ...boxWeights(rates, b.box), service: b.service, insurance: b.insurance, declaredTotalCents: b.declaredTotalCents, packageCount: b.packageCount })
          expect(device).toEqual(database[index])
        })
      }),
      { numRuns: 16 },
    )
  })

  it('prices the estimates queued with a request as request_shipment prices them, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(ratesArb, fc.array(estimateArb, { minLength: 1, maxLength: 150, size: 'max' }), async (rateText, estimates) => {
        await setRates(rateText)
        const rates = ratesOf(rateText)
        const database = await databaseEstimates(estimates)
        estimates.forEach((e, index) => {
          const device = priceShipment(rates, { plan: e.plan, ...packageWeights(rates, e.packages), service: e.service, insurance: e.insurance, declaredTotalCents: e.declaredTotalCents, packageCount: e.packages.length })
          expect(device).toEqual(database[index])
        })
      }),
      { numRuns: 16 },
    )
  })
})
