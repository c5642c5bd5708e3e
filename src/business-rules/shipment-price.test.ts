import { describe, expect, it } from 'vitest'
import { buildRates } from './rates'
import { packageWeights, priceShipment } from './shipment-price'

const twoPackages = [
  { weight_kg: 2.35, volume_m3: 0.012 },
  { weight_kg: '1.10', volume_m3: '0.0080' },
]

describe('a shipment’s price', () => {
  it('prices two packages on Basic, express and insured, as worked out by hand', () => {
    // 3.45 kg = 7.61 lb actual; 0.02 m³ = 20,000 cm³ / 5000 = 4 kg = 8.82 lb volumetric: 9 lb billable.
    const weights = packageWeights(buildRates, twoPackages)
    expect(weights.actualLb).toBeCloseTo(7.605939, 6)
    expect(weights.volumetricLb).toBeCloseTo(8.81848, 6)
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
    const light = { actualLb: 0.2, volumetricLb: 0.1 }
    expect(priceShipment(buildRates, { plan: 'standard', ...light, service: 'standard', insurance: false, declaredTotalCents: 5000, packageCount: 3 })).toMatchObject({ billable_lb: 1, freight_cents: 399, consolidation_cents: 0, express_cents: 0, insurance_cents: 0, total_cents: 399 })
    expect(priceShipment(buildRates, { plan: 'basic', ...light, service: 'standard', insurance: false, declaredTotalCents: 0, packageCount: 1 }).consolidation_cents).toBe(0)
  })

  it('rounds insurance to the cent, half a cent up, and a hair over a pound is not a pound more', () => {
    expect(priceShipment(buildRates, { plan: 'premium', actualLb: 2.0000000001, volumetricLb: 0, service: 'standard', insurance: true, declaredTotalCents: 25, packageCount: 1 })).toMatchObject({ billable_lb: 2, insurance_cents: 1, total_cents: 599 })
  })

  it('follows the rates it is given', () => {
    const rates = { ...buildRates, basic_cents_per_lb: 550, express_cents: 2000, insurance_percent: 3 }
    expect(priceShipment(rates, { plan: 'basic', actualLb: 1, volumetricLb: 0, service: 'express', insurance: true, declaredTotalCents: 10_000, packageCount: 1 }).total_cents).toBe(550 + 2000 + 300)
  })
})
