/** The warehouse's time zone: free storage, reminders and reports count its calendar days. */
const warehouseTimeZone = 'America/New_York'

const miamiDate = new Intl.DateTimeFormat('en-CA', { timeZone: warehouseTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
const hourMs = 3_600_000
/**
 * Day numbers by UTC hour. The zone's clock changes only on the hour (2:00 local), so every instant
 * of a UTC hour falls on the same Miami day; and formatToParts is slow enough that a list redrawing
 * its packages' storage countdowns, while a pull writes thousands, spent a tenth of its time in it.
 */
const dayOfHour = new Map<number, number>()

/** The Miami calendar day an instant falls on, as a day number (days since 1970-01-01), whatever the device's zone. */
export function miamiDayNumber(instant: Date): number {
  const hour = Math.floor(instant.getTime() / hourMs)
  let day = dayOfHour.get(hour)
  if (day === undefined) {
    const parts = Object.fromEntries(miamiDate.formatToParts(instant).map((part) => [part.type, part.value]))
    day = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / 86_400_000
    // Bounded: a few years of hours at most, and cleared long before that costs memory.
    if (dayOfHour.size >= 50_000) dayOfHour.clear()
    dayOfHour.set(hour, day)
  }
  return day
}

/** The Miami calendar month an instant falls in, as `2026-12`: a statement's months are the warehouse's. */
export function miamiMonth(instant: Date): string {
  return new Date(miamiDayNumber(instant) * 86_400_000).toISOString().slice(0, 7)
}

/**
 * The instant a Miami calendar day (`2026-11-29`) begins, as an ISO time: 04:00 UTC in summer time,
 * 05:00 in winter (the clock changes at 2:00, so midnight is never skipped nor doubled).
 */
export function miamiMidnight(isoDate: string): string {
  const dayStart = Date.parse(`${isoDate}T00:00:00Z`)
  const summer = dayStart + 4 * hourMs
  const start = miamiDayNumber(new Date(summer)) === dayStart / 86_400_000 ? summer : summer + hourMs
  return new Date(start).toISOString()
}
