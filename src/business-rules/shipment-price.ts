import type { PlanId } from './plans'
import { centsPerPoundOf, type Rates } from './rates'

export const poundsPerKilogram = 2.20462

export type ShipmentService = 'standard' | 'express'

/** A price as the database works it out (shipment_price): the estimate, or the final charge once the box is weighed. */
export interface PriceBreakdown {
  billable_lb: number
  cents_per_lb: number
  freight_cents: number
  express_cents: number
  insurance_cents: number
  consolidation_cents: number
  total_cents: number
}


export interface PriceInput {
  plan: PlanId
  actualLb: number
  volumetricLb: number
  service: ShipmentService
  insurance: boolean
  declaredTotalCents: number
  packageCount: number
}

/**
 * A shipment's price, by the rules the database applies (`shipment_price`) and the calculator
 * shows: the greater of actual and volumetric weight, rounded up to a whole pound (at least 1), at the
 * plan's rate; express and consolidation (Basic, two packages or more) at their prices; insurance a
 * share of the declared total, half a cent rounding up.
 */
export function priceShipment(rates: Rates, input: PriceInput): PriceBreakdown {
  const billable_lb = Math.max(1, Math.ceil(Math.max(input.actualLb, input.volumetricLb) - 1e-9))
  const cents_per_lb = centsPerPoundOf(rates, input.plan)
  const freight_cents = billable_lb * cents_per_lb
  const express_cents = input.service === 'express' ? rates.express_cents : 0
  const insurance_cents = input.insurance ? Math.round((input.declaredTotalCents * rates.insurance_percent) / 100) : 0
  const consolidation_cents = input.plan === 'basic' && input.packageCount >= 2 ? rates.consolidation_basic_cents : 0
  return { billable_lb, cents_per_lb, freight_cents, express_cents, insurance_cents, consolidation_cents, total_cents: freight_cents + express_cents + insurance_cents + consolidation_cents }
}

/** Weights of packages as the warehouse recorded them (kg, m³), in pounds: what an estimate prices. */
export function packageWeights(rates: Rates, packages: readonly { weight_kg: number | string | null; volume_m3: number | string | null }[]) {
  const sum = (values: (number | string | null)[]) => values.reduce<number>((total, value) => total + (value === null ? 0 : Number(value)), 0)
  const actualLb = sum(packages.map((pkg) => pkg.weight_kg)) * poundsPerKilogram
  const volumetricLb = ((sum(packages.map((pkg) => pkg.volume_m3)) * 1_000_000) / rates.volumetric_cm3_per_kg) * poundsPerKilogram
  return { actualLb, volumetricLb }
}
