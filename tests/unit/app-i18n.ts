import { setupI18n, type Messages } from '@lingui/core'
import type { Lang } from '@/i18n/locales'

// Every catalog of each language (messages, and the route catalogs), as the app has them once loaded.
const catalogFiles = import.meta.glob<{ messages: Messages }>('../../locales/*/*.po', { eager: true })
const catalogs = (lang: Lang): Messages =>
  Object.assign({}, ...Object.entries(catalogFiles).filter(([file]) => file.includes(`/${lang}/`)).map(([, module]) => module.messages))

/** A fresh i18n in the given language with every catalog loaded, as the app has it. */
export const appI18n = (lang: Lang) => setupI18n({ locale: lang, messages: { es: catalogs('es'), en: catalogs('en') } })
