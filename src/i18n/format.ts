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
const longDate = cached((lang) => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }))
const measure = { kg: cached((lang) => new Intl.NumberFormat(lang, { maximumFractionDigits: 2 })), 'm³': cached((lang) => new Intl.NumberFormat(lang, { maximumFractionDigits: 4 })) }

export function formatDateTime(value: string | number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '—'
  return dateTime(lang).format(new Date(value))
}

/** A calendar date (`2025-09-23`) in the language's long form: "September 23, 2025", "23 de septiembre de 2025". */
export function formatLongDate(isoDate: string, lang: Lang): string {
  return longDate(lang).format(new Date(isoDate))
}

export function formatMeasure(value: number | string | null | undefined, unit: 'kg' | 'm³', lang: Lang): string {
  if (value === null || value === undefined || value === '') return '—'
  return `${measure[unit](lang).format(Number(value))} ${unit}`
}

// Prices are in US dollars from a Miami business: Spanish as written in the US ("$4.99"), not
// Spain's "4,99 US$".
const usd = cached((lang) => new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', { style: 'currency', currency: 'USD' }))
const pounds = cached((lang) => new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }))

/** US cents as dollars: "$1,234.50" in both languages. */
export function formatUsd(cents: number, lang: Lang): string {
  return usd(lang).format(cents / 100)
}

/** A dollar amount as the database keeps it (a numeric, which arrives as a string): "$120.50". */
export function formatDollars(amount: number | string, lang: Lang): string {
  return formatUsd(Math.round(Number(amount) * 100), lang)
}

export function formatPounds(value: number, lang: Lang): string {
  return `${pounds(lang).format(value)} lb`
}
