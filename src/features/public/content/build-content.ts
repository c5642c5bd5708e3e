import type { LoaderFunctionArgs } from 'react-router'
import { isLang, type Lang } from '@/i18n/locales'
import { catalogLoader } from '@/i18n/route-catalogs'
import type { Article, ArticleSlug, ArticleSummary, FaqEntry } from '@/remote/content'

/** The published content as the build read it from the database: what prerendered pages render. */
export interface BuildContent {
  articles: Article[]
  slugs: ArticleSlug[]
  faqs: FaqEntry[]
}

let buildContent: BuildContent | null = null

/** The prerenderer hands the build's content over before rendering; in the browser there is none (null). */
export function provideBuildContent(content: BuildContent | null): void {
  buildContent = content
}

/** What the build knows of the content, or null (in the browser). */
export const builtContent = (): BuildContent | null => buildContent

/** The article a slug (current or old) leads to in a language, in these slugs and articles. */
export function findArticleBySlug<A extends { id: string }>(articles: A[], slugs: ArticleSlug[], lang: Lang, slug: string): A | undefined {
  const id = slugs.find((row) => row.lang === lang && row.slug === slug)?.articleId
  return articles.find((article) => article.id === id)
}

const summaryOf = (article: Article): ArticleSummary => ({
  ...article,
  texts: Object.fromEntries(Object.entries(article.texts).map(([lang, { bodyTree: _, ...text }]) => [lang, text])),
})

// Route loaders: at build time they return the build's content, which reaches the browser as the
// router's hydration data; in the browser they return null and the page reads the backend itself.

const loadCatalogs = catalogLoader(['pages'])

/** A content page's route loader: its strings' catalog, then what the build read for it. */
export const contentLoader =
  <Data>(read: (args: LoaderFunctionArgs) => Data) =>
  async (args: LoaderFunctionArgs): Promise<Data> => {
    await loadCatalogs(args)
    return read(args)
  }

export interface BlogLoaderData {
  articles: ArticleSummary[]
}

export function blogLoader(): BlogLoaderData | null {
  return buildContent && { articles: buildContent.articles.map(summaryOf) }
}

export interface ArticleLoaderData {
  article: Article
}

export function articleLoader({ params }: LoaderFunctionArgs): ArticleLoaderData | null {
  if (!buildContent || !isLang(params.lang) || !params.article) return null
  const article = findArticleBySlug(buildContent.articles, buildContent.slugs, params.lang, params.article)
  return article ? { article } : null
}

export interface FaqLoaderData {
  faqs: FaqEntry[]
}

export function faqLoader(): FaqLoaderData | null {
  return buildContent && { faqs: buildContent.faqs }
}
