import type { Lang } from './locales'

export function formatDateTime(value: string | number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '—'
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value))
}

/** A calendar date (`2025-09-23`) in the language's long form: "September 23, 2025", "23 de septiembre de 2025". */
export function formatLongDate(isoDate: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(isoDate))
}

export function formatMeasure(value: number | string | null | undefined, unit: 'kg' | 'm³', lang: Lang): string {
  if (value === null || value === undefined || value === '') return '—'
  const digits = unit === 'kg' ? 2 : 4
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(Number(value))} ${unit}`
}
