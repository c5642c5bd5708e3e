/** Rows under column names: what a report's figure or a statement shows, and its CSV holds. */
export interface ReportTable {
  columns: string[]
  rows: (string | number | null)[][]
}

// A text cell starting like a formula would run as one in a spreadsheet (CSV injection).
const formulaStart = /^[=+\-@\t\r]/

function csvCell(value: string | number | null): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  const text = formulaStart.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** RFC 4180 CSV (CRLF line ends), with a byte-order mark so spreadsheets read the accents as UTF-8. */
export function toCsv({ columns, rows }: ReportTable): string {
  return '\uFEFF' + [columns, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

export function downloadCsv(fileName: string, table: ReportTable): void {
  const url = URL.createObjectURL(new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  // Revoked after the click's task: the download has taken the blob by then.
  setTimeout(() => URL.revokeObjectURL(url))
}
