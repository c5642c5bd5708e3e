// Build-time entry (vite build --ssr): renders one public page to HTML with the app's own routes,
// the way the browser will hydrate it. Only scripts/prerender runs it, in Node.
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type HydrationState } from 'react-router'
import { routes } from '@/app/router'
import { PageMetaCollector, type PageMetaValues } from '@/components/page-meta'
import { builtContent, findArticleBySlug, provideBuildContent, type BuildContent } from '@/features/public/content/build-content'
import { isLang, type Lang } from '@/i18n/locales'
import { paths } from '@/i18n/paths'
import { pageFromSlug } from '@/i18n/slugs'
import { coverUrl } from '@/remote/content'
import { atomFeed } from '@/prerender/feed'
import { aliasesOf as pageAliasesOf, prerenderedPaths as pagePaths, type PagePaths } from '@/prerender/pages'
import { blogPosting, faqPage } from '@/prerender/structured-data'

export { htmlFileOf } from '@/prerender/pages'
export { headTags } from '@/prerender/head'
export { organization } from '@/prerender/structured-data'
export { robotsTxt, sitemapXml } from '@/prerender/sitemap'
export { fillTemplate, inlineStylesheet } from '@/prerender/template'
export { fetchArticle, fetchArticleSlugs, fetchArticleSummaries, fetchFaqs } from '@/remote/content'
export { timedFetch } from '@/remote/fetch'

export interface RenderedPage {
  lang: Lang
  /** The markup inside #root. */
  html: string
  /** What the router in the browser starts from (the loaders' data), for the page's data block (src/prerender/hydration-data.ts). */
  hydrationData: HydrationState
  meta: PageMetaValues
  /** The page's own JSON-LD: FAQPage on the FAQ, BlogPosting on an article. */
  structuredData: object[]
  /** The blog's feed in the page's language, on the blog's pages. */
  feed: { path: string; title: string } | null
}

const feedTitle = 'Blog · Casillero Miami'
const feedPath = (lang: Lang) => `${paths.page(lang, 'blog')}/feed.xml`

/** The published content the pages are rendered from, read by the build before rendering. */
export function provideContent(content: BuildContent): void {
  provideBuildContent(content)
}

function content(): BuildContent {
  const provided = builtContent()
  if (!provided) throw new Error('provideContent() must come before rendering')
  return provided
}

export const prerenderedPaths = (): PagePaths[] => pagePaths(content())
export const aliasesOf = (path: string): string[] => pageAliasesOf(path, content())

const handler = createStaticHandler(routes)

export async function renderPage(url: URL): Promise<RenderedPage> {
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error(`${url.pathname} answered ${context.status} instead of a page`)
  if (context.errors) throw new Error(`${url.pathname} failed: ${JSON.stringify(context.errors)}`)
  let meta: PageMetaValues | null = null
  // Without React Router's inline script of the data (a hash per page in the CSP): the page carries
  // it as a data block (src/prerender/hydration-data.ts).
  const html = renderToString(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <PageMetaCollector value={(values) => (meta = values)}>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
        </PageMetaCollector>
      </I18nProvider>
    </StrictMode>,
  )
  if (!meta) throw new Error(`${url.pathname} has no PageMeta`)
  const lang = i18n.locale
  if (!isLang(lang)) throw new Error(`${url.pathname} rendered in ${lang}`)
  const [, , slug = '', articleSlug] = url.pathname.split('/')
  const page = pageFromSlug(slug)
  const onBlog = page === 'blog'
  return {
    lang,
    html,
    hydrationData: { loaderData: context.loaderData, actionData: context.actionData },
    meta,
    structuredData: page === 'faq' ? [faqOf(lang)] : onBlog && articleSlug ? [articlePosting(url.origin, lang, articleSlug)] : [],
    feed: onBlog ? { path: feedPath(lang), title: feedTitle } : null,
  }
}

function faqOf(lang: Lang): object {
  return faqPage(content().faqs.flatMap((faq) => faq.texts[lang] ?? []))
}

function articlePosting(siteUrl: string, lang: Lang, slug: string): object {
  const { articles, slugs } = content()
  const article = findArticleBySlug(articles, slugs, lang, slug)
  const text = article?.texts[lang]
  if (!article || !text) throw new Error(`no published article at /${lang}/…/${slug}`)
  const cover = article.coverPath && coverUrl(article.coverPath)
  return blogPosting({
    url: `${siteUrl}${paths.blogArticle(lang, text.slug)}`,
    headline: text.title,
    description: text.excerpt,
    datePublished: article.publishedAt,
    dateModified: Date.parse(article.updatedAt) > Date.parse(article.publishedAt) ? article.updatedAt : article.publishedAt,
    author: article.author,
    image: cover ? new URL(cover, siteUrl).href : null,
    inLanguage: lang,
  })
}

/** The blog's Atom feed in a language: its path, and the feed, titled as the blog page is. */
export async function blogFeed(siteUrl: string, lang: Lang, builtAt: string): Promise<{ path: string; xml: string }> {
  const blog = await renderPage(new URL(`${siteUrl}${paths.page(lang, 'blog')}`))
  const entries = content().articles.flatMap((article) => {
    const text = article.texts[lang]
    return text
      ? [{ id: article.id, url: `${siteUrl}${paths.blogArticle(lang, text.slug)}`, title: text.title, summary: text.excerpt, author: article.author, published: article.publishedAt, updated: article.updatedAt }]
      : []
  })
  const path = feedPath(lang)
  const xml = atomFeed({ lang, title: blog.meta.title, subtitle: blog.meta.description, pageUrl: `${siteUrl}${paths.page(lang, 'blog')}`, selfUrl: `${siteUrl}${path}`, entries, builtAt })
  return { path, xml }
}
