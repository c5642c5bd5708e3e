import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RateKey, Rates } from '@/business-rules/rates'

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
  { key: 'volumetric_in3_per_lb', label: msg`Volumetric divisor (in³ per lb)`, unit: 'divisor' },
  { key: 'volumetric_cm3_per_kg', label: msg`Volumetric divisor (cm³ per kg)`, unit: 'divisor' },
  { key: 'max_weight_kg', label: msg`Maximum weight per package (kg)`, unit: 'limit' },
  { key: 'max_linear_in', label: msg`Maximum length + width + height (in)`, unit: 'limit' },
]

const unitOf = (key: RateKey): Unit => rateFields.find((field) => field.key === key)!.unit

/** A rate as typed: dollars for cents, the number itself otherwise. */
export const typedRate = (key: RateKey, value: number): string => (unitOf(key) === 'usd' ? (value / 100).toFixed(2) : String(value))

const twoDecimals = /^\d+(\.\d{1,2})?$/

/**
 * What is wrong with a typed rate, by the database's rules (rate_problem): whole cents from 0 to
 * 100,000 ($1,000), a percentage from 0 to 100 with at most 2 decimals, a divisor from 1 to 100,000,
 * a limit above 0.
 */
export function rateProblem(key: RateKey, typed: string): MessageDescriptor | undefined {
  const text = typed.trim()
  const value = Number(text)
  switch (unitOf(key)) {
    case 'usd':
      return twoDecimals.test(text) && value <= 1000 ? undefined : msg`An amount from $0 to $1,000, with at most 2 decimals.`
    case 'percent':
      return twoDecimals.test(text) && value <= 100 ? undefined : msg`A percentage from 0 to 100, with at most 2 decimals.`
    case 'divisor':
      return /^\d+$/.test(text) && value >= 1 && value <= 100000 ? undefined : msg`A whole number from 1 to 100,000.`
    case 'limit':
      return twoDecimals.test(text) && value > 0 ? undefined : msg`A number greater than 0, with at most 2 decimals.`
  }
}

/** The typed rate as the database keeps it (cents for money). */
export const storedRate = (key: RateKey, typed: string): number => (unitOf(key) === 'usd' ? Math.round(Number(typed.trim()) * 100) : Number(typed.trim()))

/** Only what the admin changed. */
export function changedRates(current: Rates, typed: Record<RateKey, string>): Partial<Rates> {
  return Object.fromEntries(rateFields.map(({ key }) => [key, storedRate(key, typed[key])]).filter(([key, value]) => current[key as RateKey] !== value))
}
