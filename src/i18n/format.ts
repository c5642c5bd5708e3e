import type { Lang } from './locales'

/** Intl formatters are costly to build and lists format many values: one per language and style. */
function cached<Format>(make: (lang: Lang) => Format): (lang: Lang) => Format {
  const made = new Map<Lang, Format>()
  return (lang) => {
    let format = made.get(lang)
    if (!format) made.set(lang, (format = make(lang)))
    return format
  }
}

const dateTime = cached((lang) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }))
const measure = { kg: cached((lang) => new Intl.NumberFormat(lang, { maximumFractionDigits: 2 })), 'm³': cached((lang) => new Intl.NumberFormat(lang, { maximumFractionDigits: 4 })) }

export function formatDateTime(value: string | number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '—'
  return dateTime(lang).format(new Date(value))
}

const miamiDateTime = cached((lang) => new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York', timeZoneName: 'short' }))

/** An instant on the warehouse's clock, whatever the device's zone, with the zone said (EST/EDT): where a record must read the same to everyone. */
export function formatMiamiDateTime(value: string, lang: Lang): string {
  return miamiDateTime(lang).format(new Date(value))
}

// The first Intl formatter a page builds loads ICU's formatting data: about 30 ms of main thread
// on a desktop, four times that on a phone, inside the hydration of a public page. The public
// pages' dates and prices are simple enough to write without it (format.test.ts holds them to Intl).
const monthNames: Record<Lang, readonly string[]> = {
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
}

/** A calendar date (`2025-09-23`) in the language's long form: "September 23, 2025", "23 de septiembre de 2025". */
export function formatLongDate(isoDate: string, lang: Lang): string {
  const date = new Date(isoDate)
  const [day, month, year] = [date.getUTCDate(), monthNames[lang][date.getUTCMonth()], date.getUTCFullYear()]
  return lang === 'es' ? `${day} de ${month} de ${year}` : `${month} ${day}, ${year}`
}

/** A calendar month (`2026-11`) as its name and year: "November 2026", "noviembre de 2026". */
export function formatMonth(isoMonth: string, lang: Lang): string {
  const [year, month] = isoMonth.split('-').map(Number) as [number, number]
  const name = monthNames[lang][month - 1]
  return lang === 'es' ? `${name} de ${year}` : `${name} ${year}`
}

export function formatMeasure(value: number | string | null | undefined, unit: 'kg' | 'm³', lang: Lang): string {
  if (value === null || value === undefined || value === '') return '—'
  return `${measure[unit](lang).format(Number(value))} ${unit}`
}

const pounds = cached((lang) => new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }))

/**
 * US cents as dollars: "$1,234.50". Prices are in US dollars from a Miami business, so Spanish
 * writes them as the US does (es-US), not as Spain's "1.234,50 US$": the same in both languages.
 */
export function formatUsd(cents: number): string {
  const whole = Math.round(Math.abs(cents))
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',')
  return `${cents < 0 && whole > 0 ? '-' : ''}$${dollars}.${String(whole % 100).padStart(2, '0')}`
}

/** A dollar amount as the database keeps it (a numeric, which arrives as a string): "$120.50". */
export function formatDollars(amount: number | string): string {
  return formatUsd(Math.round(Number(amount) * 100))
}

export function formatPounds(value: number, lang: Lang): string {
  return `${pounds(lang).format(value)} lb`
}
