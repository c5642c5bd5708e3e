import { describe, expect, it } from 'vitest'
import type { PlanId } from '@/business-rules/plans'
import { buildRates, type Rates } from '@/business-rules/rates'
import { quoteLimits, quoteShipment, type AddOn, type QuoteInput, type Units } from './shipping-quote'

function input(units: Units, weight: string, [length, width, height]: [string, string, string], plan: PlanId = 'basic', addOns: AddOn[] = [], declaredValue = ''): QuoteInput {
  return { units, weight, length, width, height, plan, declaredValue, addOns: new Set(addOns) }
}

const quoted = (value: QuoteInput, rates: Rates = buildRates) => {
  const result = quoteShipment(value, rates)
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`)
  return result.quote
}

describe('worked examples', () => {
  it.each([
    // units, weight, box, plan, billable lb, freight cents — worked by hand
    ['imperial', '10', ['12', '10', '8'], 'basic', 10, 4990], // volumetric 960 / 166 = 5.78 lb: actual wins
    ['imperial', '2', ['20', '16', '12'], 'standard', 24, 9576], // volumetric 3840 / 166 = 23.13 lb: volumetric wins
    ['metric', '5', ['40', '30', '20'], 'premium', 12, 3588], // 5 kg = 11.02 lb beats 24000 / 5000 = 4.8 kg
    ['metric', '1', ['50', '40', '30'], 'basic', 27, 13473], // 60000 / 5000 = 12 kg = 26.46 lb
    ['imperial', '0.2', ['2', '2', '2'], 'premium', 1, 299], // at least one pound
    ['imperial', '10.01', ['1', '1', '1'], 'basic', 11, 5489], // rounded up to the next pound
    ['imperial', '10', ['1', '1', '1'], 'basic', 10, 4990], // a whole pound stays as it is
    ['metric', '2,5', ['10', '10', '10'], 'standard', 6, 2394], // a decimal comma: 2.5 kg = 5.51 lb
  ] as const)('%s %s in a %j box on %s: %i lb, %i ¢', (units, weight, box, plan, billableLb, freightCents) => {
    const quote = quoted(input(units, weight, [...box], plan))
    expect(quote.billableLb).toBe(billableLb)
    expect(quote.freightCents).toBe(freightCents)
    expect(quote.totalCents).toBe(freightCents)
  })

  it('shows both weights in pounds', () => {
    const quote = quoted(input('metric', '1', ['50', '40', '30']))
    expect(quote.actualLb).toBeCloseTo(2.20462, 5)
    expect(quote.volumetricLb).toBeCloseTo(26.45544, 5)
    expect(quote.centsPerPound).toBe(499)
  })
})

describe('add-ons', () => {
  it('adds photos $2, insurance 2 % of the declared value to the cent, express $15 and consolidation $5 on Basic', () => {
    const quote = quoted(input('imperial', '10', ['12', '10', '8'], 'basic', ['photos', 'insurance', 'express', 'consolidation'], '123.45'))
    expect(quote.addOns).toEqual([
      { kind: 'photos', cents: 200 },
      { kind: 'insurance', cents: 247 }, // 2.469 → 2.47
      { kind: 'express', cents: 1500 },
      { kind: 'consolidation', cents: 500 },
    ])
    expect(quote.totalCents).toBe(4990 + 200 + 247 + 1500 + 500)
  })

  it.each([
    ['0.25', 1], // 0.5 ¢: half a cent rounds away from zero
    ['0.24', 0], // 0.48 ¢
    ['1.25', 3], // 2.5 ¢
    ['0.1', 0], // 0.2 ¢
    ['10.10', 20], // 20.2 ¢
    ['999.99', 2000], // 1999.98 ¢
  ] as const)('insures $%s for %i ¢', (declaredValue, cents) => {
    expect(quoted(input('imperial', '1', ['1', '1', '1'], 'basic', ['insurance'], declaredValue)).addOns).toEqual([{ kind: 'insurance', cents }])
  })

  it('insures $30.00 at 1.15 % for 35 ¢, as the database does (floating point made it 34 ¢)', () => {
    expect(quoted(input('imperial', '1', ['1', '1', '1'], 'basic', ['insurance'], '30.00'), { ...buildRates, insurance_percent: 1.15 }).addOns).toEqual([{ kind: 'insurance', cents: 35 }])
  })

  it.each(['standard', 'premium'] as const)('consolidation is free on %s', (plan) => {
    expect(quoted(input('imperial', '10', ['12', '10', '8'], plan, ['consolidation'])).addOns).toEqual([{ kind: 'consolidation', cents: 0 }])
  })

  it('needs a declared value only for insurance', () => {
    expect(quoteShipment(input('imperial', '10', ['12', '10', '8'], 'basic', ['insurance']), buildRates)).toEqual({ ok: false, problems: { declaredValue: 'required' } })
    expect(quoteShipment(input('imperial', '10', ['12', '10', '8'], 'basic', ['insurance'], '0'), buildRates)).toEqual({ ok: false, problems: { declaredValue: 'notPositive' } })
    expect(quoted(input('imperial', '10', ['12', '10', '8'], 'basic', [], 'not a number')).totalCents).toBe(4990)
  })
})

describe('limits and bad numbers', () => {
  it.each([
    ['imperial', '70', true],
    ['imperial', '70.01', false],
    ['metric', '32', true],
    ['metric', '32.1', false],
  ] as const)('%s weight %s accepted: %s', (units, weight, accepted) => {
    const result = quoteShipment(input(units, weight, ['10', '10', '10']), buildRates)
    expect(result.ok ? 'ok' : result.problems.weight).toBe(accepted ? 'ok' : 'tooHeavy')
  })

  it.each([
    ['imperial', ['36', '36', '36'], true],
    ['imperial', ['36', '36', '36.1'], false],
    ['metric', ['100', '100', '74'], true],
    ['metric', ['100', '100', '75'], false],
  ] as const)('%s box %j accepted: %s', (units, box, accepted) => {
    const result = quoteShipment(input(units, '1', [...box]), buildRates)
    expect(result.ok ? 'ok' : result.problems).toEqual(accepted ? 'ok' : { length: 'tooLarge', width: 'tooLarge', height: 'tooLarge' })
  })

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['0', 'notPositive'],
    ['-3', 'notPositive'],
    ['abc', 'notPositive'],
    ['Infinity', 'notPositive'],
  ] as const)('weight %j is %s', (weight, problem) => {
    expect(quoteShipment(input('imperial', weight, ['10', '10', '10']), buildRates)).toEqual({ ok: false, problems: { weight: problem } })
  })

  it('reports every field in error at once, and the size only once the sides are numbers', () => {
    expect(quoteShipment(input('imperial', '', ['', '0', '200']), buildRates)).toEqual({ ok: false, problems: { weight: 'required', length: 'required', width: 'notPositive' } })
  })
})

describe('other rates', () => {
  const rates: Rates = { ...buildRates, basic_cents_per_lb: 550, photos_cents: 300, insurance_percent: 3, express_cents: 2000, consolidation_basic_cents: 700, volumetric_in3_per_lb: 139, max_weight_kg: 20, max_linear_in: 90 }

  it('prices with the rates given, not the build’s', () => {
    // volumetric 960 / 139 = 6.9 lb: actual 10 lb wins, at $5.50
    const quote = quoted(input('imperial', '10', ['12', '10', '8'], 'basic', ['photos', 'insurance', 'express', 'consolidation'], '100'), rates)
    expect(quote.freightCents).toBe(5500)
    expect(quote.addOns).toEqual([
      { kind: 'photos', cents: 300 },
      { kind: 'insurance', cents: 300 },
      { kind: 'express', cents: 2000 },
      { kind: 'consolidation', cents: 700 },
    ])
    expect(quoted(input('imperial', '2', ['20', '16', '12']), rates).billableLb).toBe(28) // 3840 / 139 = 27.6 lb
  })

  it('takes its limits from the rates, in each system’s units', () => {
    expect(quoteLimits(rates)).toEqual({ imperial: { weight: 44, linearSize: 90 }, metric: { weight: 20, linearSize: 228 } })
    expect(quoteShipment(input('metric', '20.5', ['10', '10', '10']), rates)).toEqual({ ok: false, problems: { weight: 'tooHeavy' } })
    expect(quoteLimits(buildRates)).toEqual({ imperial: { weight: 70, linearSize: 108 }, metric: { weight: 32, linearSize: 274 } })
  })
})
