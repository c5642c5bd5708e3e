import { i18n, type Messages } from '@lingui/core'
import type { Lang } from './locales'
import { savePreferredLang } from './preferred-lang'

const catalogs: Record<Lang, () => Promise<{ messages: Messages }>> = {
  es: () => import('../../locales/es/messages.po'),
  en: () => import('../../locales/en/messages.po'),
}

/** Loads a catalog once, activates it, and records the choice (SPEC §2: saved, and set on <html lang>). */
export async function activateLang(lang: Lang): Promise<void> {
  if (i18n.locale !== lang) {
    const { messages } = await catalogs[lang]()
    // load() merges, so a content catalog loaded first (see content.ts) is kept.
    i18n.load(lang, messages)
    i18n.activate(lang)
  }
  // Prerendering at build time runs this in Node: there the page's <html lang> is written out instead.
  if (typeof document === 'undefined') return
  document.documentElement.lang = lang
  savePreferredLang(lang)
}
