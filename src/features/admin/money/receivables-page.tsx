import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { downloadCsv } from '@/components/csv'
import { PageMeta } from '@/components/page-meta'
import { errorText } from '@/components/refusals/refusal-text'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime, formatUsd } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { useDirectory } from '@/local-db/directory'
import { readOwner } from '@/local-db/owner'
import { saveReceivables, useSavedReceivables } from '@/local-db/saved-report'
import { fetchReceivables, type Receivables } from '@/remote/receivables'
import { useConnectivityStore } from '@/stores/connectivity-store'

const ages = ['days_0_30', 'days_31_60', 'days_61_90', 'days_90_plus'] as const

/**
 * /admin/receivables ("Cuentas por cobrar"): the customers who owe, by how long ago the unpaid
 * charges were posted, with totals. Computed by the database when opened online, and kept on the
 * device so it opens offline with the time it was computed.
 */
export function ReceivablesPage() {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const saved = useSavedReceivables<Receivables>()
  const reachable = useConnectivityStore((state) => state.reachable)
  const directory = useDirectory()
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    if (!reachable) return
    const controller = new AbortController()
    const askedBy = readOwner()
    fetchReceivables(controller.signal)
      .then(async (report) => {
        const owner = await askedBy
        if (!controller.signal.aborted && owner) await saveReceivables(owner, report)
        setFailure(null)
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailure(errorText(i18n, error))
      })
    return () => controller.abort()
  }, [reachable, i18n])

  const report = saved?.report
  const headers = [t`0–30 days`, t`31–60 days`, t`61–90 days`, t`Over 90 days`]
  const nameOf = (userId: string) => {
    const customer = directory?.get(userId)
    return customer ? `${customer.full_name || customer.email || ''} · ${customer.locker_code ?? ''}` : userId
  }
  const exportCsv = (shown: Receivables) =>
    downloadCsv(`${t`receivables`}-${shown.today}.csv`, {
      columns: [t`Customer`, ...headers.map((header) => `${header} (USD)`), t`Total (USD)`],
      rows: shown.customers.map((row) => [nameOf(row.user_id), ...ages.map((age) => row[age] / 100), row.owed_cents / 100]),
    })

  return (
    <>
      <PageMeta title={t`Receivables`} description={t`Customers who owe, by how long ago.`} />
      <h1 className="text-2xl font-extrabold">
        <Trans>Receivables</Trans>
      </h1>
      <div aria-live="polite">
        {!reachable && <p className="text-sm text-slate-600 dark:text-slate-400">{t`Offline: the receivables as computed last, below. New figures need a connection.`}</p>}
        {failure && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            <Trans>The receivables could not be computed: {failure}</Trans>
          </p>
        )}
      </div>
      {saved === undefined || (saved === null && reachable && !failure) ? (
        <Spinner label={t`Computing the receivables…`} />
      ) : !report ? null : (
        <section className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600 dark:text-slate-400">
              <Trans>Computed {formatDateTime(saved!.fetchedAt, lang)}, as of {report.today}.</Trans>
            </p>
            <Button variant="secondary" onClick={() => exportCsv(report)} disabled={report.customers.length === 0}>
              <Trans>Download CSV</Trans>
            </Button>
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left dark:border-slate-700">
                  <th className="py-2 pr-3">{t`Customer`}</th>
                  {headers.map((header) => (
                    <th key={header} className="py-2 pr-3 text-right">
                      {header}
                    </th>
                  ))}
                  <th className="py-2 text-right">{t`Total`}</th>
                </tr>
              </thead>
              <tbody>
                {report.customers.map((row) => (
                  <tr key={row.user_id} data-testid="receivable" className="border-b border-slate-100 dark:border-slate-800">
                    <td className="py-2 pr-3">{nameOf(row.user_id)}</td>
                    {ages.map((age) => (
                      <td key={age} className="py-2 pr-3 text-right tabular-nums">
                        {formatUsd(row[age])}
                      </td>
                    ))}
                    <td className="py-2 text-right font-semibold tabular-nums">{formatUsd(row.owed_cents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr data-testid="receivables-total" className="font-bold">
                  <td className="py-2 pr-3">
                    <Trans>Total ({report.totals.customers} customers)</Trans>
                  </td>
                  {ages.map((age) => (
                    <td key={age} className="py-2 pr-3 text-right tabular-nums">
                      {formatUsd(report.totals[age])}
                    </td>
                  ))}
                  <td className="py-2 text-right tabular-nums">{formatUsd(report.totals.owed_cents)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </section>
      )}
    </>
  )
}
