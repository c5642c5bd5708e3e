import { Trans, useLingui } from '@lingui/react/macro'
import { PageMeta } from '@/components/page-meta'
import { StatusBadge } from '@/components/package-status'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { useDashboardFigures, useRecentActivity } from '@/local-db/admin-queries'

/** Real figures from the local copy (DESIGN §8: no sample numbers, and no revenue, which has no data). */
export function AdminDashboardPage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const figures = useDashboardFigures()
  const activity = useRecentActivity(10)
  const cards = figures && [
    { label: t`Active customers`, value: figures.customers },
    { label: t`Packages received today`, value: figures.receivedToday },
    { label: t`In transit`, value: figures.inTransit },
    { label: t`In customs`, value: figures.inCustoms },
    { label: t`Ready for pickup`, value: figures.readyForPickup },
    { label: t`Shipments to process`, value: figures.shipmentsToProcess },
  ]
  return (
    <>
      <PageMeta title={t`Admin dashboard`} description={t`The warehouse at a glance.`} />
      <h1 className="text-2xl font-extrabold">
        <Trans>Dashboard</Trans>
      </h1>
      {!cards ? (
        <Spinner label={t`Loading figures…`} />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-3 xl:grid-cols-6">
          {cards.map(({ label, value }) => (
            <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
              <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="mt-1 text-3xl font-extrabold">{i18n.number(value)}</dd>
            </div>
          ))}
        </dl>
      )}
      <section aria-labelledby="activity-heading" className="space-y-3">
        <h2 id="activity-heading" className="text-lg font-bold">
          <Trans>Recent activity</Trans>
        </h2>
        {!activity ? (
          <Spinner label={t`Loading activity…`} />
        ) : activity.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            <Trans>No status changes yet.</Trans>
          </p>
        ) : (
          <ol className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {activity.map((item) => (
              <li key={`${item.packageId}-${item.recordedAt}`} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                <StatusBadge status={item.status} />
                <span className="font-mono font-semibold">{item.trackingCode ?? t`no tracking`}</span>
                <span className="text-slate-600 dark:text-slate-400">
                  {item.lockerCode}
                  {item.email && ` · ${item.email}`}
                </span>
                <time dateTime={item.recordedAt} className="ml-auto text-slate-500 dark:text-slate-400">
                  {formatDateTime(item.recordedAt, lang)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  )
}
