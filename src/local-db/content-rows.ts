/** The languages the site's content is written in. */
export const contentLangs = ['es', 'en'] as const
export type ContentLang = (typeof contentLangs)[number]

export type ArticleCategory = 'shopping' | 'savings' | 'regulations' | 'events'
export const articleCategories: readonly ArticleCategory[] = ['shopping', 'savings', 'regulations', 'events']

/** An article's text in one language, as `article_texts` holds it. */
export interface ArticleText {
  slug: string
  title: string
  excerpt: string
  body_md: string
  /** body_md parsed on the device that wrote it (components/markdown/parse-markdown.ts). */
  body_tree: unknown
  cover_alt: string
}

/** What `save_article` takes: the article whole, a language left out being removed. */
export interface ArticleFields {
  category: ArticleCategory
  /** An object path in the public `content` bucket, or one of the site's own (the first articles). */
  cover_path: string | null
  author_name: string
  status: 'draft' | 'published'
  /** When it shows (a future time schedules it); null for a draft never published. */
  published_at: string | null
  read_time_minutes: number
  texts: Partial<Record<ContentLang, ArticleText>>
}

/** A slug an article has had in a language (`article_slugs`): its own for good, no other article may take it. */
export interface ArticleSlug {
  lang: ContentLang
  slug: string
}

/** An article as the server has it (`article_json`, or a pulled row with its texts and slugs). */
export interface ArticleRow extends ArticleFields {
  id: string
  version: number
  created_at: string
  updated_at: string
  updated_by: string | null
  /** Every slug it has had, its current ones too; absent from a save answered before the server sent them. */
  slugs?: ArticleSlug[]
}

/** What `save_faq` takes. A language's entry is a question with its answer, or nothing (null). */
export interface FaqFields {
  question_es: string | null
  answer_es: string | null
  question_en: string | null
  answer_en: string | null
  published: boolean
}

export interface FaqRow extends FaqFields {
  id: string
  /** 1 is first. */
  position: number
  version: number
  updated_at: string
  updated_by: string | null
}

/** A language's text as the admin types it: `slugEdited` once the slug was changed by hand (it stops following the title). */
export type DraftText = Omit<ArticleText, 'body_tree'> & { slugEdited: boolean }

/**
 * An article being edited on this device, kept as it is typed (it survives a reload offline) until
 * it is saved to the outbox or thrown away. `baseVersion` is the server's version it was started
 * from (0: a new article).
 */
export interface ArticleDraft {
  articleId: string
  userId: string
  baseVersion: number
  category: ArticleCategory
  cover_path: string | null
  author_name: string
  read_time_minutes: number
  /** When it shows once published: a local date-time as an ISO string, or null for "now". */
  published_at: string | null
  /** The languages it is written in. */
  langs: ContentLang[]
  texts: Record<ContentLang, DraftText>
  savedAt: number
}
