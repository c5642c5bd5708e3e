import { use, type ReactNode } from 'react'
import type { Lang } from '@/i18n/locales'
import { loadRouteCatalog } from '@/i18n/route-catalogs'

const accountCatalogs = new Map<Lang, Promise<void>>()

/** Renders its children once the account catalog of `lang` is loaded: for account controls in the shell's header. */
export function WithAccountStrings({ lang, children }: { lang: Lang; children: ReactNode }) {
  if (!accountCatalogs.has(lang)) accountCatalogs.set(lang, loadRouteCatalog('account', lang))
  use(accountCatalogs.get(lang)!)
  return children
}
