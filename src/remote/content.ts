// The blog and the FAQ as the public reads them: PostgREST by plain fetch with the anon key, so
// visitors' pages need no supabase-js. RLS returns only what is published and due. Every request
// is a GET of a fixed URL per article, so the service worker can cache and replay it offline.
import { languages, type Lang } from '@/i18n/locales'
import { supabaseAnonKey, supabaseUrl } from './config'

export const articleCategories = ['shopping', 'savings', 'regulations', 'events'] as const
export type ArticleCategory = (typeof articleCategories)[number]

export interface ArticleTextSummary {
  slug: string
  title: string
  excerpt: string
  coverAlt: string
}

export interface ArticleText extends ArticleTextSummary {
  /** The body parsed where it was written, for MarkdownView. */
  bodyTree: unknown
}

/** An article as the blog lists it, with its texts in the languages it has. */
export interface ArticleSummary<Text extends ArticleTextSummary = ArticleTextSummary> {
  id: string
  category: ArticleCategory
  /** An object path in the `content` bucket, or a path of the site's own (`/blog/...`); see coverUrl. */
  coverPath: string | null
  author: string
  publishedAt: string
  updatedAt: string
  readTimeMinutes: number
  texts: Partial<Record<Lang, Text>>
}

export type Article = ArticleSummary<ArticleText>

/** Every slug an article has had in a language (its current one too). */
export interface ArticleSlug {
  lang: Lang
  slug: string
  articleId: string
}

export interface FaqEntry {
  id: string
  position: number
  texts: Partial<Record<Lang, { question: string; answer: string }>>
}

/** Where the content is read from: the app's backend, or another (the build's, with a fetch that gives up on a stalled request). */
export interface ContentApi {
  url: string
  anonKey: string
  fetch?: typeof fetch
}

const appApi: ContentApi = { url: supabaseUrl, anonKey: supabaseAnonKey }

/** The content bucket's public folder: covers and the images a body may show. */
export const contentImagesFrom = `${supabaseUrl}/storage/v1/object/public/content/`

/** A cover's URL: the site's own path as it is, an object of the bucket by its public URL. */
export const coverUrl = (path: string) => (path.startsWith('/') ? path : `${contentImagesFrom}${path}`)

/** The paths of the content API, for the service worker's cache (and nothing else). */
export const contentTables = ['articles', 'article_texts', 'article_slugs', 'faqs'] as const

/**
 * The anon key rides in the query string (the gateway takes it there too), not in headers: with no
 * custom header the read is a simple cross-origin request, with no preflight round trip before it.
 */
const contentReadUrl = (path: string, api: ContentApi) =>
  `${api.url}/rest/v1/${path}${path.includes('?') ? '&' : '?'}apikey=${encodeURIComponent(api.anonKey)}`

async function get<Row>(path: string, api: ContentApi): Promise<Row[]> {
  const response = await (api.fetch ?? fetch)(contentReadUrl(path, api))
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`)
  return (await response.json()) as Row[]
}

interface ArticleRow {
  id: string
  category: ArticleCategory
  cover_path: string | null
  author_name: string
  published_at: string
  updated_at: string
  read_time_minutes: number
}

interface TextRow {
  article_id: string
  lang: Lang
  slug: string
  title: string
  excerpt: string
  cover_alt: string
  body_tree?: unknown
}

const articleColumns = 'id,category,cover_path,author_name,published_at,updated_at,read_time_minutes'
const summaryColumns = 'article_id,lang,slug,title,excerpt,cover_alt'

function toArticle<Text extends ArticleTextSummary>(row: ArticleRow, texts: TextRow[], text: (row: TextRow) => Text): ArticleSummary<Text> {
  return {
    id: row.id,
    category: row.category,
    coverPath: row.cover_path,
    author: row.author_name,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    readTimeMinutes: row.read_time_minutes,
    texts: Object.fromEntries(texts.filter((t) => t.article_id === row.id).map((t) => [t.lang, text(t)])),
  }
}

const summaryOf = (row: TextRow): ArticleTextSummary => ({ slug: row.slug, title: row.title, excerpt: row.excerpt, coverAlt: row.cover_alt })

/** Every published article, newest first, with its titles and excerpts (no bodies). */
export async function fetchArticleSummaries(api = appApi): Promise<ArticleSummary[]> {
  const [articles, texts] = await Promise.all([
    get<ArticleRow>(`articles?select=${articleColumns}&order=published_at.desc,id`, api),
    get<TextRow>(`article_texts?select=${summaryColumns}`, api),
  ])
  return articles.map((row) => toArticle(row, texts, summaryOf))
}

/** One published article whole, in every language it has; null when it is not (or no longer) published. */
export async function fetchArticle(id: string, api = appApi): Promise<Article | null> {
  const [[row], texts] = await Promise.all([
    get<ArticleRow>(`articles?select=${articleColumns}&id=eq.${encodeURIComponent(id)}`, api),
    get<TextRow>(`article_texts?select=${summaryColumns},body_tree&article_id=eq.${encodeURIComponent(id)}`, api),
  ])
  return row ? toArticle(row, texts, (text) => ({ ...summaryOf(text), bodyTree: text.body_tree })) : null
}

/** Every slug of every published article, old ones too: where a link finds its article. */
export async function fetchArticleSlugs(api = appApi): Promise<ArticleSlug[]> {
  const rows = await get<{ lang: Lang; slug: string; article_id: string }>('article_slugs?select=lang,slug,article_id', api)
  return rows.map((row) => ({ lang: row.lang, slug: row.slug, articleId: row.article_id }))
}

interface FaqRow {
  id: string
  position: number
  question_es: string | null
  answer_es: string | null
  question_en: string | null
  answer_en: string | null
}

/** The published answers in their order. */
export async function fetchFaqs(api = appApi): Promise<FaqEntry[]> {
  const rows = await get<FaqRow>('faqs?select=id,position,question_es,answer_es,question_en,answer_en&order=position,id', api)
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    texts: Object.fromEntries(
      languages.flatMap((lang) => {
        const [question, answer] = [row[`question_${lang}`], row[`answer_${lang}`]]
        return question && answer ? [[lang, { question, answer }]] : []
      }),
    ),
  }))
}
