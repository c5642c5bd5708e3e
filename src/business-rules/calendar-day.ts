/** Whether `value` is a day as a date input gives it (yyyy-mm-dd) that PostgreSQL's `date` has: no February 30, no year 0. */
export function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`)
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !value.startsWith('0000') && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}
