import { Trans, useLingui } from '@lingui/react/macro'
import { PageMeta } from '@/components/page-meta'

/** The admin tools arrive in a later release; the route, its guard and its login exist now. */
export function AdminPlaceholderPage() {
  const { t } = useLingui()
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <PageMeta title={t`Admin panel`} description={t`Package management for warehouse staff.`} />
      <h1 className="text-3xl font-extrabold">
        <Trans>Admin panel</Trans>
      </h1>
      <p className="mt-4 text-slate-600 dark:text-slate-400">
        <Trans>Package management is under construction.</Trans>
      </p>
    </section>
  )
}
