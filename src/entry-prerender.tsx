// Build-time entry (vite build --ssr): renders one public page to HTML with the app's own routes,
// the way the browser will hydrate it. Only scripts/prerender runs it, in Node.
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { routes } from '@/app/router'
import { PageMetaCollector, type PageMetaValues } from '@/components/page-meta'
import { faqEntries } from '@/features/public/content/faq-entries'
import { isLang, type Lang } from '@/i18n/locales'
import { pageFromSlug } from '@/i18n/slugs'

export { aliasesOf, prerenderedPaths, htmlFileOf } from '@/prerender/pages'
export { headTags } from '@/prerender/head'
export { faqPage, organization } from '@/prerender/structured-data'
export { robotsTxt, sitemapXml } from '@/prerender/sitemap'
export { fillTemplate, inlineStylesheet } from '@/prerender/template'

export interface RenderedPage {
  lang: Lang
  /** The markup inside #root, with the router's hydration data script. */
  html: string
  meta: PageMetaValues
  /** The FAQ's questions and answers in the page's language, when the page is the FAQ. */
  faq: { question: string; answer: string }[] | null
}

const handler = createStaticHandler(routes)

export async function renderPage(url: URL): Promise<RenderedPage> {
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error(`${url.pathname} answered ${context.status} instead of a page`)
  if (context.errors) throw new Error(`${url.pathname} failed: ${JSON.stringify(context.errors)}`)
  let meta: PageMetaValues | null = null
  const html = renderToString(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <PageMetaCollector value={(values) => (meta = values)}>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />
        </PageMetaCollector>
      </I18nProvider>
    </StrictMode>,
  )
  if (!meta) throw new Error(`${url.pathname} has no PageMeta`)
  const lang = i18n.locale
  if (!isLang(lang)) throw new Error(`${url.pathname} rendered in ${lang}`)
  const isFaq = pageFromSlug(url.pathname.split('/')[2] ?? '') === 'faq'
  const faq = isFaq ? faqEntries.map(({ question, answer }) => ({ question: i18n._(question), answer: i18n._(answer) })) : null
  return { lang, html, meta, faq }
}
