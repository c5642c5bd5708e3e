import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { planTerms, type PlanId } from '@/business-rules/plans'
import { centsPerPoundOf } from '@/business-rules/rates'
import { Link } from '@/components/links'
import { Button } from '@/components/ui/button'
import { buttonClasses } from '@/components/ui/button-classes'
import { formatUsd } from '@/i18n/format'
import { paths, useLang } from '@/i18n/paths'
import { useRates } from '@/sync-engine/rates'
import { PageIntro } from '../page-intro'

interface Plan {
  id: PlanId
  name: MessageDescriptor
  features: MessageDescriptor[]
  popular?: boolean
}

const plans: Plan[] = [
  { id: 'basic', name: msg`Basic`, features: [msg`Free Miami address`, msg`Online package tracking`, msg`Consolidation for $5 per shipment`] },
  {
    id: 'standard',
    name: msg`Standard`,
    features: [msg`Free Miami address`, msg`Online package tracking`, msg`Free consolidation`, msg`Priority support`],
    popular: true,
  },
  {
    id: 'premium',
    name: msg`Premium`,
    features: [msg`Free Miami address`, msg`Online package tracking`, msg`Free consolidation`, msg`24/7 dedicated support`, msg`One free package photo per shipment`],
  },
]


export function PricingPage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const rates = useRates()
  const [photos, insurance, express] = [formatUsd(rates.photos_cents), rates.insurance_percent, formatUsd(rates.express_cents)]
  const addOns: [name: string, price: string][] = [
    [t`Package photos`, t`${photos} per package`],
    [t`Insurance`, t`${insurance}% of the declared value`],
    [t`Express shipping (3-5 days)`, t`+${express}`],
  ]
  return (
    <>
      <PageIntro title={t`Pricing`} description={t`Simple per-pound rates, no monthly fee. Pick the plan that fits how you shop.`}>
        <Link to={paths.page(lang, 'calculator')} className={`${buttonClasses('secondary', 'md')} mt-6`}>
          <Trans>Price a shipment</Trans>
        </Link>
      </PageIntro>
      <div className="mx-auto max-w-6xl space-y-16 px-4 pb-16">
        <ul className="grid gap-6 md:grid-cols-3">
          {plans.map((plan) => (
            <li
              key={plan.id}
              className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900 ${plan.popular ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200 dark:border-slate-800'}`}
            >
              {plan.popular && (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-bold text-white uppercase">
                  <Trans>Most Popular</Trans>
                </p>
              )}
              <h2 className="text-xl font-bold">{i18n._(plan.name)}</h2>
              <p className="mt-4">
                <span className="text-4xl font-extrabold">{formatUsd(centsPerPoundOf(rates, plan.id))}</span>{' '}
                <span className="text-slate-600 dark:text-slate-400">
                  <Trans>per pound</Trans>
                </span>
              </p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                <Trans>Free storage for {planTerms[plan.id].freeStorageDays} days</Trans>
              </p>
              <ul className="mt-6 flex-1 space-y-2">
                {plan.features.map((feature) => (
                  <li key={feature.id} className="flex gap-2">
                    <span aria-hidden="true" className="text-green-600">
                      ✓
                    </span>
                    {i18n._(feature)}
                  </li>
                ))}
              </ul>
              <Button variant={plan.popular ? 'primary' : 'secondary'} className="mt-6 w-full">
                <Trans>Select plan</Trans>
                <span className="sr-only">: {i18n._(plan.name)}</span>
              </Button>
            </li>
          ))}
        </ul>

        <section aria-labelledby="add-ons-heading">
          <h2 id="add-ons-heading" className="text-2xl font-bold">
            <Trans>Additional services</Trans>
          </h2>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2">
            {addOns.map(([name, price]) => (
              <div key={name} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
                <dt className="font-semibold">{name}</dt>
                <dd className="mt-1 text-slate-600 dark:text-slate-400">{price}</dd>
              </div>
            ))}
          </dl>
        </section>

        <aside aria-labelledby="note-heading" className="rounded-2xl border border-amber-300 bg-amber-50 p-6 dark:border-amber-800 dark:bg-amber-950">
          <h2 id="note-heading" className="font-bold">
            <Trans>Important note</Trans>
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            <Trans>
              The final cost of a shipment uses the greater of its actual weight and its volumetric weight. Customs duties and taxes of the
              destination country are not included.
            </Trans>
          </p>
        </aside>
      </div>
    </>
  )
}
