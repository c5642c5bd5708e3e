import { miamiMonth } from '@/business-rules/miami-day'
import type { StatementLine } from '@/local-db/account'
import type { ReportTable } from '../csv'

/** The Miami month a line was posted in (`2026-12`). */
export const monthOf = (line: StatementLine) => miamiMonth(new Date(line.created_at))

/** The months a statement has lines in, newest first: the month filter's choices. */
export function monthsOf(lines: readonly StatementLine[]): string[] {
  return [...new Set(lines.map(monthOf))].sort().reverse()
}

/** The lines of one month (all of them for null), in posting order. */
export function linesIn(lines: readonly StatementLine[], month: string | null): StatementLine[] {
  return month === null ? [...lines] : lines.filter((line) => monthOf(line) === month)
}

/** The column headers, in the reader's language. */
export interface StatementColumns {
  date: string
  what: string
  detail: string
  amount: string
  balance: string
}

/**
 * A statement as a table for its CSV: one row per line, in posting order, dollars as numbers (a
 * spreadsheet sums them), the date as the warehouse's calendar day and time in ISO form.
 */
export function statementCsvTable(lines: readonly StatementLine[], columns: StatementColumns, describe: (line: StatementLine) => { what: string; detail: string }): ReportTable {
  return {
    columns: [columns.date, columns.what, columns.detail, columns.amount, columns.balance],
    rows: lines.map((line) => {
      const { what, detail } = describe(line)
      return [line.created_at, what, detail, line.amount_cents / 100, line.balance_after_cents / 100]
    }),
  }
}
