import { Trans, useLingui } from '@lingui/react/macro'
import type { PriceBreakdown } from '@/business-rules/shipment-price'
import { formatPounds, formatUsd } from '@/i18n/format'
import { useLang } from '@/i18n/paths'

/**
 * A shipment's price line by line (billable weight, freight, each extra that applies, total), as the
 * database or this device worked it out: the estimate of a request, or the final charge of the box.
 */
export function PriceBreakdownList({ price, testId }: { price: PriceBreakdown; testId?: string }) {
  const { t } = useLingui()
  const lang = useLang()
  const usd = (cents: number) => formatUsd(cents)
  const lines: [label: string, value: string][] = [
    [t`Billable weight`, formatPounds(price.billable_lb, lang)],
    [t`Price per pound`, usd(price.cents_per_lb)],
    [t`Freight`, usd(price.freight_cents)],
    ...(price.express_cents ? [[t`Express service`, usd(price.express_cents)] as [string, string]] : []),
    ...(price.insurance_cents ? [[t`Insurance`, usd(price.insurance_cents)] as [string, string]] : []),
    ...(price.consolidation_cents ? [[t`Consolidation`, usd(price.consolidation_cents)] as [string, string]] : []),
  ]
  return (
    <dl data-testid={testId} className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
      {lines.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 py-1.5">
          <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 pt-2 text-base font-extrabold">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd data-testid={testId ? `${testId}-total` : undefined} className="tabular-nums">
          {usd(price.total_cents)}
        </dd>
      </div>
    </dl>
  )
}
