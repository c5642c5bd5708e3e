/** The warehouse's time zone: free storage, reminders and reports count its calendar days. */
export const warehouseTimeZone = 'America/New_York'

const miamiDate = new Intl.DateTimeFormat('en-CA', { timeZone: warehouseTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' })

/** The Miami calendar day an instant falls on, as a day number (days since 1970-01-01), whatever the device's zone. */
export function miamiDayNumber(instant: Date): number {
  const parts = Object.fromEntries(miamiDate.formatToParts(instant).map((part) => [part.type, part.value]))
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / 86_400_000
}
