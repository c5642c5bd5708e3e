// Amounts and dates as the reader's language writes them, in the business's US conventions ("$1,234.50",
// "3 de diciembre de 2026"), as the app shows them.
import type { MailLang } from './i18n.ts'

const locales: Record<MailLang, string> = { es: 'es-US', en: 'en-US' }

export function formatAmount(cents: number, lang: MailLang): string {
  return new Intl.NumberFormat(locales[lang], { style: 'currency', currency: 'USD' }).format(cents / 100)
}

/** A calendar day (`2026-12-03`), which is the warehouse's day wherever the reader is. */
export function formatDay(isoDate: string, lang: MailLang): string {
  return new Intl.DateTimeFormat(locales[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`))
}
