import { Trans } from '@lingui/react/macro'
import type { Rates } from '@/business-rules/rates'
import { formatUsd } from '@/i18n/format'
import { quoteLimits } from './shipping-quote'

/** How the price is worked out, in plain words, with the current rates (the rules shipping-quote.ts applies). */
export function CalculatorRules({ rates }: { rates: Rates }) {
  const usd = (cents: number) => formatUsd(cents)
  const [inchDivisor, centimetreDivisor] = [rates.volumetric_in3_per_lb, rates.volumetric_cm3_per_kg]
  const [basic, standard, premium] = [usd(rates.basic_cents_per_lb), usd(rates.standard_cents_per_lb), usd(rates.premium_cents_per_lb)]
  const [photos, insurance, express, consolidation] = [usd(rates.photos_cents), rates.insurance_percent, usd(rates.express_cents), usd(rates.consolidation_basic_cents)]
  const { imperial, metric } = quoteLimits(rates)
  const [pounds, kilograms, inches, centimetres] = [imperial.weight, metric.weight, imperial.linearSize, metric.linearSize]
  return (
    <section aria-labelledby="rules-heading" className="rounded-2xl bg-slate-50 p-6 text-sm text-slate-700 dark:bg-slate-900 dark:text-slate-300">
      <h2 id="rules-heading" className="text-base font-bold text-slate-900 dark:text-slate-100">
        <Trans>How we calculate</Trans>
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5">
        <li>
          <Trans>
            Volumetric weight is length × width × height ÷ {inchDivisor} (inches, pounds) or ÷ {centimetreDivisor} (centimetres, kilograms).
          </Trans>
        </li>
        <li>
          <Trans>We charge the greater of the actual and the volumetric weight, in pounds (1 kg = 2.20462 lb), rounded up to the next whole pound, and at least 1 lb.</Trans>
        </li>
        <li>
          <Trans>
            Freight is the billable pounds times your plan's price per pound: Basic {basic}, Standard {standard}, Premium {premium}.
          </Trans>
        </li>
        <li>
          <Trans>
            Extras: package photos {photos}; insurance {insurance}% of the declared value; express shipping +{express}; consolidation {consolidation} on Basic, free on Standard and Premium.
          </Trans>
        </li>
        <li>
          <Trans>
            Each package may weigh up to {pounds} lb ({kilograms} kg) and measure up to {inches} in ({centimetres} cm) in length + width + height.
          </Trans>
        </li>
      </ul>
    </section>
  )
}
