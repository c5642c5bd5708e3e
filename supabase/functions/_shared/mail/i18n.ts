// A Lingui instance per language with the compiled mail catalog: the words every mail says.
import { setupI18n, type I18n } from '@lingui/core'
import { messages as en } from './catalogs/en.ts'
import { messages as es } from './catalogs/es.ts'

export type MailLang = 'es' | 'en'

export const MAIL_LANGS: readonly MailLang[] = ['es', 'en']

const instances = new Map<MailLang, I18n>()

export function mailI18n(lang: MailLang): I18n {
  let i18n = instances.get(lang)
  if (!i18n) instances.set(lang, (i18n = setupI18n({ locale: lang, messages: { [lang]: lang === 'es' ? es : en } })))
  return i18n
}

export function isMailLang(value: unknown): value is MailLang {
  return value === 'es' || value === 'en'
}
