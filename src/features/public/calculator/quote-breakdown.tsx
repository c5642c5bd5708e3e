import { Trans, useLingui } from '@lingui/react/macro'
import { formatPounds, formatUsd } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { addOnNames } from './quote-messages'
import type { Quote } from './shipping-quote'

/** The price, line by line: the weights, the freight, each add-on, the total. */
export function QuoteBreakdown({ quote }: { quote: Quote }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const usd = (cents: number) => formatUsd(cents)
  const lines: [label: string, value: string][] = [
    [t`Actual weight`, formatPounds(quote.actualLb, lang)],
    [t`Volumetric weight`, formatPounds(quote.volumetricLb, lang)],
    [t`Billable weight`, formatPounds(quote.billableLb, lang)],
    [t`Price per pound`, usd(quote.centsPerPound)],
    [t`Freight`, usd(quote.freightCents)],
    ...quote.addOns.map(({ kind, cents }): [string, string] => [i18n._(addOnNames[kind]), cents === 0 ? t`Free` : usd(cents)]),
  ]
  return (
    <section aria-labelledby="quote-heading" aria-live="polite" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id="quote-heading" className="text-lg font-bold">
        <Trans>Estimated cost</Trans>
      </h2>
      <dl className="mt-4 divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {lines.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 pt-3 text-lg font-extrabold">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd data-testid="quote-total" className="tabular-nums">
            {usd(quote.totalCents)}
          </dd>
        </div>
      </dl>
    </section>
  )
}
