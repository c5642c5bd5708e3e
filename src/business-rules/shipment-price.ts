import { planTerms, type PlanId } from './plans'
import { ceiling, decimal, dividedBy, greatest, minus, roundHalfAwayFromZero, times, type Decimal } from './decimal'
import { centsPerPoundOf, type Rates } from './rates'

/**
 * A weight a billionth of a pound above a whole pound is not charged a pound more: the database's
 * quotient of a volume by its divisor is rounded, and can land a hair above the pound it is.
 */
const notAPoundMore = decimal('0.000000001')

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

/** Actual and volumetric weight in pounds, as exact decimals. */
export interface Weights {
  actualLb: Decimal
  volumetricLb: Decimal
}

export interface PriceInput extends Weights {
  plan: PlanId
  service: ShipmentService
  insurance: boolean
  declaredTotalCents: number
  packageCount: number
}

/**
 * The one price formula on the device (the database's is `shipment_price`; a property test holds the
 * two equal to the cent): the greater of actual and volumetric weight, rounded up to a whole pound (at
 * least 1), at the plan's rate; express at its price; insurance a share of the declared total rounded
 * half away from zero; consolidation when two or more packages travel on a plan without it free.
 */
export function priceShipment(rates: Rates, input: PriceInput): PriceBreakdown {
  const billable_lb = Math.max(1, Number(ceiling(minus(greatest(input.actualLb, input.volumetricLb), notAPoundMore))))
  const cents_per_lb = centsPerPoundOf(rates, input.plan)
  const freight_cents = billable_lb * cents_per_lb
  const express_cents = input.service === 'express' ? rates.express_cents : 0
  const insurance_cents = input.insurance ? Number(roundHalfAwayFromZero(dividedBy(times(decimal(input.declaredTotalCents), decimal(rates.insurance_percent)), decimal(100)))) : 0
  const consolidation_cents = !planTerms[input.plan].freeConsolidation && input.packageCount >= 2 ? rates.consolidation_basic_cents : 0
  return { billable_lb, cents_per_lb, freight_cents, express_cents, insurance_cents, consolidation_cents, total_cents: freight_cents + express_cents + insurance_cents + consolidation_cents }
}
