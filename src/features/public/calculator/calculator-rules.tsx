import { Trans } from '@lingui/react/macro'

/** How the price is worked out, in plain words (the same rules shipping-quote.ts applies). */
export function CalculatorRules() {
  return (
    <section aria-labelledby="rules-heading" className="rounded-2xl bg-slate-50 p-6 text-sm text-slate-700 dark:bg-slate-900 dark:text-slate-300">
      <h2 id="rules-heading" className="text-base font-bold text-slate-900 dark:text-slate-100">
        <Trans>How we calculate</Trans>
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5">
        <li>
          <Trans>Volumetric weight is length × width × height ÷ 166 (inches, pounds) or ÷ 5000 (centimetres, kilograms).</Trans>
        </li>
        <li>
          <Trans>We charge the greater of the actual and the volumetric weight, in pounds (1 kg = 2.20462 lb), rounded up to the next whole pound, and at least 1 lb.</Trans>
        </li>
        <li>
          <Trans>Freight is the billable pounds times your plan's price per pound: Basic $4.99, Standard $3.99, Premium $2.99.</Trans>
        </li>
        <li>
          <Trans>Extras: package photos $2.00; insurance 2% of the declared value; express shipping +$15.00; consolidation $5.00 on Basic, free on Standard and Premium.</Trans>
        </li>
        <li>
          <Trans>Each package may weigh up to 70 lb (32 kg) and measure up to 108 in (274 cm) in length + width + height.</Trans>
        </li>
      </ul>
    </section>
  )
}
