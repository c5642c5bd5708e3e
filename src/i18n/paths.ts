import { useLingui } from '@lingui/react'
import { useParams } from 'react-router'
import { isLang, type Lang } from './locales'
import { pageSlugs, type PageKey } from './slugs'

/** Every in-app URL is built here (the shipment screens' in shipment-paths.ts, which first visits do not load), so no path strings are scattered around. */
export const paths = {
  home: (lang: Lang) => `/${lang}`,
  page: (lang: Lang, page: PageKey) => `/${lang}/${pageSlugs[page][lang]}`,
  blogArticle: (lang: Lang, articleId: string) => `/${lang}/${pageSlugs.blog[lang]}/${articleId}`,
  login: (lang: Lang, redirectTo?: string) =>
    withRedirect(`/${lang}/${pageSlugs.login[lang]}`, redirectTo),
  authCallback: () => '/auth/callback',
  adminLogin: (redirectTo?: string) => withRedirect('/admin/login', redirectTo),
  admin: (section?: AdminSection) => (section ? `/admin/${section}` : '/admin'),
}

/** The sections of the `/admin` area (SPEC §2), each its own path under it. */
export const adminSections = ['users', 'packages', 'shipments', 'rates', 'content', 'reports', 'receivables', 'mail', 'messages', 'newsletter', 'audit'] as const
export type AdminSection = (typeof adminSections)[number]

function withRedirect(path: string, redirectTo?: string): string {
  return redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path
}

/** The language of the current route (`/:lang/...`); outside it, the active catalog's. */
export function useLang(): Lang {
  const { lang } = useParams()
  const { i18n } = useLingui()
  if (isLang(lang)) return lang
  return isLang(i18n.locale) ? i18n.locale : 'es'
}
