import { compare, decimal, floor, parseDecimal, plus, roundHalfAwayFromZero, times, toNumber, type Decimal } from '@/business-rules/decimal'
import type { PlanId } from '@/business-rules/plans'
import type { Rates } from '@/business-rules/rates'
import { priceShipment } from '@/business-rules/shipment-price'
import { imperialWeights, metricWeights, poundsPerKilogram } from '@/business-rules/shipment-weights'

export type Units = 'imperial' | 'metric'
export type AddOn = 'photos' | 'insurance' | 'express' | 'consolidation'
export const addOnKinds: AddOn[] = ['photos', 'insurance', 'express', 'consolidation']

export interface QuoteInput {
  units: Units
  /** As typed: pounds or kilograms, inches or centimetres. */
  weight: string
  length: string
  width: string
  height: string
  plan: PlanId
  /** US dollars; needed only for insurance. */
  declaredValue: string
  addOns: ReadonlySet<AddOn>
}

export type QuoteField = 'weight' | 'length' | 'width' | 'height' | 'declaredValue'
export type QuoteProblem = 'required' | 'notPositive' | 'tooHeavy' | 'tooLarge'

export interface Quote {
  actualLb: number
  volumetricLb: number
  /** Whole pounds charged: the greater weight, rounded up, at least 1. */
  billableLb: number
  centsPerPound: number
  freightCents: number
  addOns: { kind: AddOn; cents: number }[]
  totalCents: number
}

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; problems: Partial<Record<QuoteField, QuoteProblem>> }

export type QuoteLimits = Record<Units, { weight: number; linearSize: number }>

/** The rates' limits (kilograms, inches) in each system's own units, rounded down (SPEC §9: 70 lb / 32 kg, 108 in / 274 cm). */
export function quoteLimits(rates: Rates): QuoteLimits {
  return {
    imperial: { weight: Number(floor(times(decimal(rates.max_weight_kg), poundsPerKilogram))), linearSize: rates.max_linear_in },
    metric: { weight: rates.max_weight_kg, linearSize: Math.floor(rates.max_linear_in * 2.54) },
  }
}

const dimensions = ['length', 'width', 'height'] as const

/** A positive decimal as typed ("2.5", "2,5", " 3 "), exactly, or the problem with it. */
function positive(raw: string): Decimal | QuoteProblem {
  const text = raw.trim().replace(',', '.')
  if (text === '') return 'required'
  const value = parseDecimal(text)
  if (!value || value.units <= 0n) return 'notPositive'
  return value
}

/**
 * Prices a shipment of one box, as the database would (priceShipment): weights are compared in
 * pounds, money counted in whole cents, insurance on the declared value rounded half away from zero.
 * Photos are the calculator's own extra, at their rate; consolidation prices two packages travelling together.
 */
export function quoteShipment(input: QuoteInput, rates: Rates): QuoteResult {
  const problems: Partial<Record<QuoteField, QuoteProblem>> = {}
  const read = (field: QuoteField) => {
    const value = positive(input[field])
    if (typeof value !== 'string') return value
    problems[field] = value
    return decimal(0)
  }
  const weight = read('weight')
  const [length, width, height] = dimensions.map(read) as [Decimal, Decimal, Decimal]
  const insured = input.addOns.has('insurance')
  const declaredValue = insured ? read('declaredValue') : decimal(0)

  const limit = quoteLimits(rates)[input.units]
  if (!problems.weight && compare(weight, decimal(limit.weight)) > 0) problems.weight = 'tooHeavy'
  if (dimensions.every((field) => !problems[field]) && compare(plus(plus(length, width), height), decimal(limit.linearSize)) > 0) {
    for (const field of dimensions) problems[field] = 'tooLarge'
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems }

  const volume = times(times(length, width), height)
  const weights = input.units === 'metric' ? metricWeights(rates, weight, volume) : imperialWeights(rates, weight, volume)
  const price = priceShipment(rates, {
    plan: input.plan,
    ...weights,
    service: input.addOns.has('express') ? 'express' : 'standard',
    insurance: insured,
    declaredTotalCents: Number(roundHalfAwayFromZero(times(declaredValue, decimal(100)))),
    packageCount: input.addOns.has('consolidation') ? 2 : 1,
  })
  const addOnCents: Record<AddOn, number> = {
    photos: rates.photos_cents,
    insurance: price.insurance_cents,
    express: price.express_cents,
    consolidation: price.consolidation_cents,
  }
  const addOns = addOnKinds.filter((kind) => input.addOns.has(kind)).map((kind) => ({ kind, cents: addOnCents[kind] }))
  const totalCents = price.freight_cents + addOns.reduce((sum, { cents }) => sum + cents, 0)
  return {
    ok: true,
    quote: { actualLb: toNumber(weights.actualLb), volumetricLb: toNumber(weights.volumetricLb), billableLb: price.billable_lb, centsPerPound: price.cents_per_lb, freightCents: price.freight_cents, addOns, totalCents },
  }
}
