import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { decimal, times, toNumber } from '@/business-rules/decimal'
import type { RateKey, Rates } from '@/business-rules/rates'
import { isBetween, typedDecimal } from '@/components/form-validation'

type Unit = 'usd' | 'percent' | 'divisor' | 'limit'

/** Every rate as an admin reads and types it: its name, its group, and the unit it is typed in. */
export const rateFields: { key: RateKey; label: MessageDescriptor; unit: Unit }[] = [
  { key: 'basic_cents_per_lb', label: msg`Basic, per pound (USD)`, unit: 'usd' },
  { key: 'standard_cents_per_lb', label: msg`Standard, per pound (USD)`, unit: 'usd' },
  { key: 'premium_cents_per_lb', label: msg`Premium, per pound (USD)`, unit: 'usd' },
  { key: 'express_cents', label: msg`Express shipping (USD)`, unit: 'usd' },
  { key: 'insurance_percent', label: msg`Insurance (% of the declared value)`, unit: 'percent' },
  { key: 'consolidation_basic_cents', label: msg`Consolidation on Basic (USD)`, unit: 'usd' },
  { key: 'photos_cents', label: msg`Package photos (USD)`, unit: 'usd' },
  { key: 'storage_fee_cents_per_day', label: msg`Storage after the free days, per package per day (USD)`, unit: 'usd' },
  { key: 'volumetric_in3_per_lb', label: msg`Volumetric divisor (in³ per lb)`, unit: 'divisor' },
  { key: 'volumetric_cm3_per_kg', label: msg`Volumetric divisor (cm³ per kg)`, unit: 'divisor' },
  { key: 'max_weight_kg', label: msg`Maximum weight per package (kg)`, unit: 'limit' },
  { key: 'max_linear_in', label: msg`Maximum length + width + height (in)`, unit: 'limit' },
]

const unitOf = (key: RateKey): Unit => rateFields.find((field) => field.key === key)!.unit

/** A rate as typed: dollars for cents, the number itself otherwise. */
export const typedRate = (key: RateKey, value: number): string => (unitOf(key) === 'usd' ? (value / 100).toFixed(2) : String(value))

/** rate_problem's bounds: money in dollars (kept in whole cents), a percentage, a divisor. */
const rateBounds = { maxUsd: 1000, maxPercent: 100, maxDivisor: 100000 } as const
const { maxUsd, maxPercent, maxDivisor } = rateBounds

/**
 * What is wrong with a typed rate, by the database's rules (rate_problem; tests/db/rate-limits.test.ts
 * holds the two equal): whole cents up to maxUsd dollars, a percentage with at most 2 decimals, a
 * whole divisor from 1, a limit above 0.
 */
export function rateProblem(key: RateKey, typed: string): MessageDescriptor | undefined {
  switch (unitOf(key)) {
    case 'usd':
      return isBetween(typedDecimal(typed, 2), 0, maxUsd) ? undefined : msg`An amount from $0 to $${plural(maxUsd, { other: '#' })}, with at most 2 decimals.`
    case 'percent':
      return isBetween(typedDecimal(typed, 2), 0, maxPercent) ? undefined : msg`A percentage from 0 to ${maxPercent}, with at most 2 decimals.`
    case 'divisor':
      return isBetween(typedDecimal(typed, 0), 1, maxDivisor) ? undefined : msg`A whole number from 1 to ${plural(maxDivisor, { other: '#' })}.`
    case 'limit': {
      const value = typedDecimal(typed)
      return value && value.units > 0n ? undefined : msg`A number greater than 0.`
    }
  }
}

/** The typed rate as the database keeps it (cents for money), exactly: a fraction of a cent is not rounded away. */
export const storedRate = (key: RateKey, typed: string): number =>
  unitOf(key) === 'usd' ? toNumber(times(decimal(typed.trim()), decimal(100))) : Number(typed.trim())

/** Only what the admin changed. */
export function changedRates(current: Rates, typed: Record<RateKey, string>): Partial<Rates> {
  return Object.fromEntries(rateFields.map(({ key }) => [key, storedRate(key, typed[key])]).filter(([key, value]) => current[key as RateKey] !== value))
}
