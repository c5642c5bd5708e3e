import { blogArticles } from '@/features/public/content/blog-articles'
import { languages, type Lang } from '@/i18n/locales'
import { paths } from '@/i18n/paths'
import { pageFromSlug, slugsOf, type PageKey } from '@/i18n/slugs'

/** The public pages written to HTML at build time (SPEC's public site; account screens keep the shell). */
const prerenderedPages: PageKey[] = ['howItWorks', 'pricing', 'calculator', 'faq', 'blog', 'contact', 'terms', 'privacy', 'tracking']

const inEachLang = (path: (lang: Lang) => string) => Object.fromEntries(languages.map((lang) => [lang, path(lang)])) as Record<Lang, string>

/** Every prerendered page as its path in each language, on the canonical slug of that language. */
export function prerenderedPaths(): Record<Lang, string>[] {
  return [
    inEachLang(paths.home),
    ...prerenderedPages.map((page) => inEachLang((lang) => paths.page(lang, page))),
    ...blogArticles.map((article) => inEachLang((lang) => paths.blogArticle(lang, article.id))),
  ]
}

/**
 * The other paths that show a page in the same language (SPEC gives every page both languages'
 * slugs: `/en/precios` is the English pricing page too), so they arrive as HTML as well; their
 * canonical URL is the page's own.
 */
export function aliasesOf(path: string): string[] {
  const [, lang, slug, ...rest] = path.split('/')
  const page = slug && rest.length === 0 ? pageFromSlug(slug) : undefined
  return page ? slugsOf(page).filter((other) => other !== slug).map((other) => `/${lang}/${other}`) : []
}

/** Where `vite preview`, static hosts and the service worker look for a path's HTML: `/es/precios` → `es/precios.html`. */
export const htmlFileOf = (path: string) => `${path.slice(1)}.html`
