import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useId } from 'react'
import { Button } from '@/components/ui/button'
import { downloadCsv } from '@/components/csv'
import type { ReportFigure } from './report-figures'

const ReportChart = lazy(() => import('./report-chart'))

const cellClass = 'px-3 py-1.5 text-right tabular-nums first:text-left'

/** A figure: headline numbers, the chart, and the table of its numbers (what screen readers read) with its CSV download. */
export function ReportFigureView({ figure, fileName, formatDay }: { figure: ReportFigure; fileName: string; formatDay: (isoDate: string) => string }) {
  const { t, i18n } = useLingui()
  const titleId = useId()
  const { title, note, headline, table, chart } = figure
  const show = (value: string | number | null, column: number) =>
    value === null ? '—' : typeof value === 'number' ? i18n.number(value) : column === 0 && table.datesInFirstColumn ? formatDay(value) : value
  return (
    <figure aria-labelledby={titleId} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          {note && <p className="text-sm text-slate-600 dark:text-slate-400">{note}</p>}
        </div>
        <Button variant="secondary" aria-label={t`Download CSV: ${title}`} onClick={() => downloadCsv(fileName, table)}>
          <Trans>Download CSV</Trans>
        </Button>
      </div>
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        {headline.map(({ label, value }) => (
          <div key={label}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="text-2xl font-extrabold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {chart && (
        <Suspense fallback={<div className="h-[260px]" />}>
          <ReportChart spec={chart} />
        </Suspense>
      )}
      <div role="region" aria-label={t`${title}: the numbers`} tabIndex={0} className="max-h-72 overflow-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-slate-50 dark:bg-slate-800">
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col" className={`${cellClass} font-semibold`}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {table.rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((value, column) =>
                  column === 0 ? (
                    <th key={column} scope="row" className={`${cellClass} font-normal`}>
                      {show(value, column)}
                    </th>
                  ) : (
                    <td key={column} className={cellClass}>
                      {show(value, column)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
