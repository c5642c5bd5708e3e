import { i18n, type Messages } from '@lingui/core'
import type { LoaderFunctionArgs } from 'react-router'
import { isLang, type Lang } from './locales'
import { preferredLang } from './preferred-lang'

/**
 * Catalogs that only some routes need, so a first visit loads just the shell's and the home page's
 * strings (`messages.po`): `pages.po` holds the other public pages' own strings, `content.po` the
 * long-form copy of the FAQ, blog and legal pages and the calculator, `account.po` the account,
 * customer and admin screens (see lingui.config.ts).
 */
const routeCatalogs = {
  pages: { es: () => import('../../locales/es/pages.po'), en: () => import('../../locales/en/pages.po') },
  content: { es: () => import('../../locales/es/content.po'), en: () => import('../../locales/en/content.po') },
  account: { es: () => import('../../locales/es/account.po'), en: () => import('../../locales/en/account.po') },
} satisfies Record<string, Record<Lang, () => Promise<{ messages: Messages }>>>

export type RouteCatalog = keyof typeof routeCatalogs

export async function loadRouteCatalog(name: RouteCatalog, lang: Lang): Promise<void> {
  const { messages } = await routeCatalogs[name][lang]()
  // load() merges into the language's messages (see activate.ts).
  i18n.load(lang, messages)
}

/** A route loader that brings in catalogs for the route's language (outside `/:lang`, the preferred one). */
export const catalogLoader =
  (names: readonly RouteCatalog[]) =>
  async ({ params }: LoaderFunctionArgs) => {
    const lang = isLang(params.lang) ? params.lang : preferredLang()
    await Promise.all(names.map((name) => loadRouteCatalog(name, lang)))
    return null
  }
