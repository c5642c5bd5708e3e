import { describe, expect, it } from 'vitest'
import { decimal, toNumber } from './decimal'
import { buildRates } from './rates'
import { priceShipment, type Weights } from './shipment-price'
import { packageWeights } from './shipment-weights'

const twoPackages = [
  { weight_kg: 2.35, volume_m3: 0.012 },
  { weight_kg: '1.10', volume_m3: '0.0080' },
]
const pounds = (actual: number | string, volumetric: number | string): Weights => ({ actualLb: decimal(actual), volumetricLb: decimal(volumetric) })

describe('a shipment’s price', () => {
  it('prices two packages on Basic, express and insured, as worked out by hand', () => {
    // 3.45 kg = 7.61 lb actual; 0.02 m³ = 20,000 cm³ / 5000 = 4 kg = 8.82 lb volumetric: 9 lb billable.
    const weights = packageWeights(buildRates, twoPackages)
    expect(toNumber(weights.actualLb)).toBe(7.605939)
    expect(toNumber(weights.volumetricLb)).toBe(8.81848)
    expect(priceShipment(buildRates, { plan: 'basic', ...weights, service: 'express', insurance: true, declaredTotalCents: 10_000, packageCount: 2 })).toEqual({
      billable_lb: 9,
      cents_per_lb: 499,
      freight_cents: 4491,
      express_cents: 1500,
      insurance_cents: 200,
      consolidation_cents: 500,
      total_cents: 6691,
    })
  })

  it('charges no consolidation on Standard or for one package, nothing for unchosen extras, at least a pound', () => {
    const light = pounds('0.2', '0.1')
    expect(priceShipment(buildRates, { plan: 'standard', ...light, service: 'standard', insurance: false, declaredTotalCents: 5000, packageCount: 3 })).toMatchObject({ billable_lb: 1, freight_cents: 399, consolidation_cents: 0, express_cents: 0, insurance_cents: 0, total_cents: 399 })
    expect(priceShipment(buildRates, { plan: 'basic', ...light, service: 'standard', insurance: false, declaredTotalCents: 0, packageCount: 1 }).consolidation_cents).toBe(0)
  })

  it('rounds insurance to the cent, half away from zero, and a hair over a pound is not a pound more', () => {
    expect(priceShipment(buildRates, { plan: 'premium', ...pounds('2.0000000001', 0), service: 'standard', insurance: true, declaredTotalCents: 25, packageCount: 1 })).toMatchObject({ billable_lb: 2, insurance_cents: 1, total_cents: 599 })
    expect(priceShipment(buildRates, { plan: 'premium', ...pounds('2.000001', 0), service: 'standard', insurance: false, declaredTotalCents: 0, packageCount: 1 }).billable_lb).toBe(3)
  })

  it('insures $30.00 at 1.15 % for 35 ¢, as the database does (floating point made it 34 ¢)', () => {
    const rates = { ...buildRates, insurance_percent: 1.15 }
    expect(priceShipment(rates, { plan: 'basic', ...pounds(1, 0), service: 'standard', insurance: true, declaredTotalCents: 3000, packageCount: 1 }).insurance_cents).toBe(35)
  })

  it('follows the rates it is given', () => {
    const rates = { ...buildRates, basic_cents_per_lb: 550, express_cents: 2000, insurance_percent: 3 }
    expect(priceShipment(rates, { plan: 'basic', ...pounds(1, 0), service: 'express', insurance: true, declaredTotalCents: 10_000, packageCount: 1 }).total_cents).toBe(550 + 2000 + 300)
  })
})
