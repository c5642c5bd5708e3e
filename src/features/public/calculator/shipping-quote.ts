import { planTerms, type PlanId } from '@/business-rules/plans'
import { centsPerPoundOf, type Rates } from '@/business-rules/rates'
import { poundsPerKilogram } from '@/business-rules/shipment-price'

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
    imperial: { weight: Math.floor(rates.max_weight_kg * poundsPerKilogram), linearSize: rates.max_linear_in },
    metric: { weight: rates.max_weight_kg, linearSize: Math.floor(rates.max_linear_in * 2.54) },
  }
}

const dimensions = ['length', 'width', 'height'] as const

/** A positive decimal as typed ("2.5", "2,5", " 3 "), or the problem with it. */
function positive(raw: string): number | QuoteProblem {
  const text = raw.trim().replace(',', '.')
  if (text === '') return 'required'
  const value = Number(text)
  if (!Number.isFinite(value) || value <= 0) return 'notPositive'
  return value
}

/**
 * Prices a shipment. Weights are compared in pounds; money is counted in whole cents, insurance rounded
 * to the nearest cent with half a cent rounding up ($0.25 declared → 0.5 ¢ → 1 ¢). A float a hair above
 * a whole pound (2.0000000001) is not charged a pound more.
 */
export function quoteShipment(input: QuoteInput, rates: Rates): QuoteResult {
  const problems: Partial<Record<QuoteField, QuoteProblem>> = {}
  const read = (field: QuoteField) => {
    const value = positive(input[field])
    if (typeof value === 'number') return value
    problems[field] = value
    return 0
  }
  const weight = read('weight')
  const [length, width, height] = dimensions.map(read) as [number, number, number]
  const insured = input.addOns.has('insurance')
  const declaredValue = insured ? read('declaredValue') : 0

  const limit = quoteLimits(rates)[input.units]
  if (!problems.weight && weight > limit.weight) problems.weight = 'tooHeavy'
  if (dimensions.every((field) => !problems[field]) && length + width + height > limit.linearSize) {
    for (const field of dimensions) problems[field] = 'tooLarge'
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems }

  const toPounds = input.units === 'metric' ? poundsPerKilogram : 1
  const actualLb = weight * toPounds
  const divisor = input.units === 'metric' ? rates.volumetric_cm3_per_kg : rates.volumetric_in3_per_lb
  const volumetricLb = ((length * width * height) / divisor) * toPounds
  const billableLb = Math.max(1, Math.ceil(Math.max(actualLb, volumetricLb) - 1e-9))
  const centsPerPound = centsPerPoundOf(rates, input.plan)
  const freightCents = billableLb * centsPerPound
  const addOnCents: Record<AddOn, number> = {
    photos: rates.photos_cents,
    insurance: Math.round((Math.round(declaredValue * 100) * rates.insurance_percent) / 100),
    express: rates.express_cents,
    consolidation: planTerms[input.plan].freeConsolidation ? 0 : rates.consolidation_basic_cents,
  }
  const addOns = addOnKinds.filter((kind) => input.addOns.has(kind)).map((kind) => ({ kind, cents: addOnCents[kind] }))
  const totalCents = freightCents + addOns.reduce((sum, { cents }) => sum + cents, 0)
  return { ok: true, quote: { actualLb, volumetricLb, billableLb, centsPerPound, freightCents, addOns, totalCents } }
}
