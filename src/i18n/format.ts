import type { Lang } from './locales'

export function formatDateTime(value: string | number | null | undefined, lang: Lang): string {
  if (value === null || value === undefined) return '—'
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value))
}

export function formatMeasure(value: number | string | null | undefined, unit: 'kg' | 'm³', lang: Lang): string {
  if (value === null || value === undefined || value === '') return '—'
  const digits = unit === 'kg' ? 2 : 4
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(Number(value))} ${unit}`
}
