import type { PlanId } from './plans'

/** What the `rates` table holds (admins edit it): prices, the volumetric divisors and the limits. */
export const rateKeys = [
  'basic_cents_per_lb',
  'standard_cents_per_lb',
  'premium_cents_per_lb',
  'express_cents',
  'insurance_percent',
  'consolidation_basic_cents',
  'photos_cents',
  'volumetric_in3_per_lb',
  'volumetric_cm3_per_kg',
  'max_weight_kg',
  'max_linear_in',
  'storage_fee_cents_per_day',
] as const
export type RateKey = (typeof rateKeys)[number]
export type Rates = Record<RateKey, number>

/**
 * The rates the database starts with (its migration seeds the same numbers): what a prerendered page
 * and a first visit show until the app has the current ones.
 */
export const buildRates: Rates = {
  basic_cents_per_lb: 499,
  standard_cents_per_lb: 399,
  premium_cents_per_lb: 299,
  express_cents: 1500,
  insurance_percent: 2,
  consolidation_basic_cents: 500,
  photos_cents: 200,
  volumetric_in3_per_lb: 166,
  volumetric_cm3_per_kg: 5000,
  max_weight_kg: 32,
  max_linear_in: 108,
  storage_fee_cents_per_day: 100,
}

export const centsPerPoundOf = (rates: Rates, plan: PlanId): number => rates[`${plan}_cents_per_lb`]

/** Rates as the server (`rates_json`) or this device's copy has them: every rate a finite number, or nothing. */
export function ratesFrom(value: unknown): Rates | null {
  if (typeof value !== 'object' || value === null) return null
  const entries = rateKeys.map((key) => [key, Number((value as Record<string, unknown>)[key])] as const)
  return entries.every(([, rate]) => Number.isFinite(rate)) ? (Object.fromEntries(entries) as Rates) : null
}
