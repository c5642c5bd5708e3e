import { decimal, dividedBy, plus, times, type Decimal } from './decimal'
import type { Rates } from './rates'
import type { Weights } from './shipment-price'

export const poundsPerKilogram = decimal('2.20462')

/**
 * Weights in pounds from kilograms and cubic centimetres, in the order the database multiplies and
 * divides them (request_shipment, advance_shipment): kg × 2.20462, and cm³ / divisor × 2.20462.
 */
export function metricWeights(rates: Rates, weightKg: Decimal, volumeCm3: Decimal): Weights {
  return {
    actualLb: times(weightKg, poundsPerKilogram),
    volumetricLb: times(dividedBy(volumeCm3, decimal(rates.volumetric_cm3_per_kg)), poundsPerKilogram),
  }
}

/** Weights from pounds and cubic inches (the calculator's imperial units). */
export function imperialWeights(rates: Rates, weightLb: Decimal, volumeIn3: Decimal): Weights {
  return { actualLb: weightLb, volumetricLb: dividedBy(volumeIn3, decimal(rates.volumetric_in3_per_lb)) }
}

type Measure = number | string | null

const sum = (values: Measure[]) => values.reduce<Decimal>((total, value) => (value === null ? total : plus(total, decimal(value))), decimal(0))

/** Packages as the warehouse recorded them (kg, m³; one without a measure counts 0): what an estimate prices. */
export function packageWeights(rates: Rates, packages: readonly { weight_kg: Measure; volume_m3: Measure }[]): Weights {
  const volumeCm3 = times(sum(packages.map((pkg) => pkg.volume_m3)), decimal(1_000_000))
  return metricWeights(rates, sum(packages.map((pkg) => pkg.weight_kg)), volumeCm3)
}

/** The consolidated box as weighed and measured (kg, cm): what the final charge prices. */
export function boxWeights(rates: Rates, box: { weight_kg: number; length_cm: number; width_cm: number; height_cm: number }): Weights {
  return metricWeights(rates, decimal(box.weight_kg), times(times(decimal(box.length_cm), decimal(box.width_cm)), decimal(box.height_cm)))
}
