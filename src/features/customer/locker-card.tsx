import { Trans, useLingui } from '@lingui/react/macro'
import { planTerms } from '@/business-rules/plans'
import { planNames } from '@/components/plan-names'
import { UsAddress } from '@/components/us-address'
import type { LocalProfile } from '@/local-db/queries'

/** The customer's locker code, the US address to shop with, and the plan's free storage. */
export function LockerCard({ profile, lockerCode }: { profile: LocalProfile; lockerCode: string }) {
  const { i18n } = useLingui()
  const plan = profile.plan ?? 'basic'
  return (
    <section aria-labelledby="locker-heading" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id="locker-heading" className="text-lg font-bold">
        <Trans>Locker</Trans>{' '}
        <span data-testid="locker-code" className="font-mono text-brand-700 dark:text-brand-100">
          {lockerCode}
        </span>
      </h2>
      <UsAddress fullName={profile.full_name ?? ''} lockerCode={lockerCode} />
      <p data-testid="plan" className="text-sm text-slate-600 dark:text-slate-400">
        <Trans>
          Plan {i18n._(planNames[plan])}: {planTerms[plan].freeStorageDays} days of free storage
        </Trans>
      </p>
    </section>
  )
}
