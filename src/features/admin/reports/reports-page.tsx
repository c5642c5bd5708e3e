import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime, formatLongDate } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { ReportFigureView } from './report-figure-view'
import { reportFigures } from './report-figures'
import { ReportRangeForm } from './report-range-form'
import { useReport } from './use-report'

const noteClass = 'rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400'

/** /admin/reports: what happened at the warehouse over a range, computed by the database; the last one viewed opens offline. */
export function ReportsPage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const { request, saved, computing, offline, failure, show, retry } = useReport()
  const report = saved?.report ?? null
  const formatDay = useMemo(() => {
    const spansYears = report ? report.from.slice(0, 4) !== report.to.slice(0, 4) : false
    const format = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: spansYears ? '2-digit' : undefined, timeZone: 'UTC' })
    return (isoDate: string) => format.format(new Date(`${isoDate}T00:00:00Z`))
  }, [lang, report])
  const figures = useMemo(() => (report ? reportFigures(report, i18n, formatDay) : []), [report, i18n, formatDay])
  const shownIsAsked = Boolean(report && request && report.from === request.from && report.to === request.to && report.bucket === request.bucket)

  return (
    <>
      <PageMeta title={t`Reports`} description={t`What happened at the warehouse over the dates you choose.`} />
      <h1 className="text-2xl font-extrabold">
        <Trans>Reports</Trans>
      </h1>
      {!request ? (
        <Spinner label={t`Loading…`} />
      ) : (
        <ReportRangeForm key={`${request.from}:${request.to}:${request.bucket}`} request={request} busy={computing} onShow={show} />
      )}
      <div aria-live="polite" className="space-y-2">
        {offline && (
          <p role="status" className={noteClass} data-testid="reports-offline">
            {report ? (
              shownIsAsked ? (
                <Trans>You are offline: this is the report saved on this device.</Trans>
              ) : (
                <Trans>You are offline: a new range needs a connection. This is the report saved on this device.</Trans>
              )
            ) : (
              <Trans>You are offline and this device has no report saved yet: reports are computed on the server.</Trans>
            )}
          </p>
        )}
        {failure && (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            <p>
              <Trans>The report could not be computed: {failure}</Trans>
            </p>
            <Button variant="secondary" onClick={retry}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        )}
        {computing && !report && <Spinner label={t`Computing the report…`} />}
      </div>
      {report && (
        <section aria-labelledby="report-heading" aria-busy={computing} className={`space-y-4 ${computing && !shownIsAsked ? 'opacity-60' : ''}`}>
          <div>
            <h2 id="report-heading" className="text-lg font-bold" data-testid="report-range">
              {report.bucket === 'week' ? (
                <Trans>
                  {formatLongDate(report.from, lang)} to {formatLongDate(report.to, lang)}, by week
                </Trans>
              ) : (
                <Trans>
                  {formatLongDate(report.from, lang)} to {formatLongDate(report.to, lang)}, by day
                </Trans>
              )}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="report-computed">
              <Trans>Computed {formatDateTime(report.generated_at, lang)}, in Miami’s calendar days.</Trans>
              {computing && (
                <span className="ml-2 inline-flex items-center gap-1">
                  <Spinner className="size-4" /> <Trans>Updating…</Trans>
                </span>
              )}
            </p>
          </div>
          <div className="grid gap-4 xl:grid-cols-2">
            {figures.map((figure) => (
              <ReportFigureView key={figure.id} figure={figure} formatDay={formatDay} fileName={`${figure.id}-${report.from}-${report.to}.csv`} />
            ))}
          </div>
        </section>
      )}
    </>
  )
}
