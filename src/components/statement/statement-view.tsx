import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { downloadCsv } from '@/components/csv'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/field'
import { ShowMore } from '@/components/ui/show-more'
import { formatDateTime, formatMonth, formatUsd } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import type { Statement, StatementLine } from '@/local-db/account'
import { useLineText } from './line-text'
import { linesIn, monthsOf, statementCsvTable } from './statement-table'

/** A statement's first screen: enough for a phone; a long history shows more on request. */
const linesPerPage = 100

/** What the account stands at: owed, a credit, or nothing. */
export function BalanceFigure({ cents }: { cents: number }) {
  const amount = formatUsd(Math.abs(cents))
  return (
    <p data-testid="account-balance" className={`text-3xl font-extrabold ${cents > 0 ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}`}>
      {cents > 0 ? <Trans>Owed: {amount}</Trans> : cents < 0 ? <Trans>Credit: {amount}</Trans> : <Trans>Nothing owed</Trans>}
    </p>
  )
}

/**
 * A customer's statement: a month filter, a CSV of what is shown, and the lines newest first with
 * the balance after each. `linkOf` gives a line's link (a payment's receipt), if it has one.
 */
export function StatementView({ statement, csvName, linkOf }: { statement: Statement; csvName: string; linkOf?: (line: StatementLine) => ReactNode }) {
  const { t } = useLingui()
  const lang = useLang()
  const describe = useLineText()
  const [month, setMonth] = useState<string | null>(null)
  const [shown, setShown] = useState(linesPerPage)
  const lines = linesIn(statement.lines, month)
  const newestFirst = lines.slice(-shown).reverse()

  const exportCsv = () =>
    downloadCsv(
      `${csvName}${month ? `-${month}` : ''}.csv`,
      statementCsvTable(lines, { date: t`Date`, what: t`Line`, detail: t`Detail`, amount: t`Amount (USD)`, balance: t`Balance (USD)` }, describe),
    )

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-56">
          <SelectField label={t`Month`} value={month ?? ''} onChange={(event) => setMonth(event.target.value || null)}>
            <option value="">{t`All months`}</option>
            {monthsOf(statement.lines).map((value) => (
              <option key={value} value={value}>
                {formatMonth(value, lang)}
              </option>
            ))}
          </SelectField>
        </div>
        <Button variant="secondary" onClick={exportCsv} disabled={lines.length === 0}>
          <Trans>Download CSV</Trans>
        </Button>
      </div>
      {lines.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <Trans>No lines yet.</Trans>
        </p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left dark:border-slate-700">
              <th className="py-2 pr-2 font-semibold">{t`Date`}</th>
              <th className="py-2 pr-2 font-semibold">{t`Line`}</th>
              <th className="py-2 pr-2 text-right font-semibold">{t`Amount`}</th>
              <th className="py-2 text-right font-semibold">{t`Balance`}</th>
            </tr>
          </thead>
          <tbody>
            {newestFirst.map((line) => {
              const { what, detail } = describe(line)
              return (
                <tr key={line.id} data-testid="statement-line" className={`border-b border-slate-100 align-top dark:border-slate-800 ${line.pending === 'failed' || line.pending === 'conflict' ? 'line-through opacity-60' : ''}`}>
                  <td className="py-2 pr-2 whitespace-nowrap">{formatDateTime(line.created_at, lang)}</td>
                  <td className="py-2 pr-2">
                    <span className="font-medium">{what}</span>
                    {line.pending && (
                      <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                        {line.pending === 'pending' ? <Trans>Pending</Trans> : <Trans>Not posted</Trans>}
                      </span>
                    )}
                    {detail && <span className="block text-slate-600 dark:text-slate-400">{detail}</span>}
                    {linkOf?.(line)}
                  </td>
                  <td className="py-2 pr-2 text-right tabular-nums">{formatUsd(line.amount_cents)}</td>
                  <td className="py-2 text-right tabular-nums">{formatUsd(line.balance_after_cents)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      <ShowMore shown={newestFirst.length} total={lines.length} of="lines" onMore={() => setShown((count) => count + linesPerPage)} />
    </div>
  )
}
