import { i18n, type Messages } from '@lingui/core'
import type { LoaderFunctionArgs } from 'react-router'
import { isLang, type Lang } from './locales'

/**
 * Long-form copy (blog articles, legal texts, FAQ answers) lives in its own catalog,
 * `locales/{lang}/content.po`, so the first paint loads only the short UI strings.
 */
const contentCatalogs: Record<Lang, () => Promise<{ messages: Messages }>> = {
  es: () => import('../../locales/es/content.po'),
  en: () => import('../../locales/en/content.po'),
}

export async function loadContent(lang: Lang): Promise<void> {
  const { messages } = await contentCatalogs[lang]()
  i18n.load(lang, messages)
}

/** Route loader for pages whose copy comes from the content catalog. */
export async function contentLoader({ params }: LoaderFunctionArgs) {
  if (isLang(params.lang)) await loadContent(params.lang)
  return null
}
