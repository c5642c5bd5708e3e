import type { BuildContent } from '@/features/public/content/build-content'
import { languages, type Lang } from '@/i18n/locales'
import { paths } from '@/i18n/paths'
import { pageFromSlug, slugsOf, type PageKey } from '@/i18n/slugs'

/** The public pages written to HTML at build time (SPEC's public site; account screens keep the shell). */
const prerenderedPages: PageKey[] = ['howItWorks', 'pricing', 'calculator', 'faq', 'blog', 'contact', 'terms', 'privacy', 'tracking']

/** A page's path in each language it exists in (an article may have one language only). */
export type PagePaths = Partial<Record<Lang, string>>

const inEachLang = (path: (lang: Lang) => string): PagePaths => Object.fromEntries(languages.map((lang) => [lang, path(lang)]))

/** Every prerendered page as its path in each language, on the canonical slug of that language; each published article in the languages it has. */
export function prerenderedPaths(content: Pick<BuildContent, 'articles'>): PagePaths[] {
  return [
    inEachLang(paths.home),
    ...prerenderedPages.map((page) => inEachLang((lang) => paths.page(lang, page))),
    ...content.articles.map((article) =>
      Object.fromEntries(Object.entries(article.texts).map(([lang, text]) => [lang, paths.blogArticle(lang as Lang, text.slug)])),
    ),
  ]
}

/**
 * The other paths that show a page in the same language, so they arrive as HTML as well; their
 * canonical URL is the page's own. SPEC gives every page both languages' slugs (`/en/precios` is
 * the English pricing page too), and an article keeps its old slugs (`/es/blog/customs-rules`).
 */
export function aliasesOf(path: string, content: Pick<BuildContent, 'slugs'>): string[] {
  const [, lang, slug, article, ...rest] = path.split('/')
  const page = slug && rest.length === 0 ? pageFromSlug(slug) : undefined
  if (!page) return []
  if (article === undefined) return slugsOf(page).filter((other) => other !== slug).map((other) => `/${lang}/${other}`)
  if (page !== 'blog') return []
  const articleId = content.slugs.find((row) => row.lang === lang && row.slug === article)?.articleId
  return content.slugs.filter((row) => row.articleId === articleId && row.lang === lang && row.slug !== article).map((row) => `/${lang}/${slug}/${row.slug}`)
}

/** Where `vite preview`, static hosts and the service worker look for a path's HTML: `/es/precios` → `es/precios.html`. */
export const htmlFileOf = (path: string) => `${path.slice(1)}.html`
