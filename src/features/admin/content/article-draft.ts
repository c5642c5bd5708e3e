import { parseMarkdown } from '@/components/markdown/parse-markdown'
import { contentLangs, type ArticleDraft, type ArticleFields, type ArticleRow, type ContentLang, type DraftText } from '@/local-db/content-rows'
import { slugFromTitle } from './slug'
import { articleLimits } from './validate-article'

const emptyText: DraftText = { slug: '', title: '', excerpt: '', body_md: '', cover_alt: '', slugEdited: false }

/** A new article's first draft: in both languages, its id chosen here (a replayed save finds it). */
export function newArticleDraft(userId: string, articleId: string): ArticleDraft {
  return {
    articleId,
    userId,
    baseVersion: 0,
    category: 'shopping',
    cover_path: null,
    author_name: '',
    read_time_minutes: 1,
    published_at: null,
    langs: [...contentLangs],
    texts: { es: emptyText, en: emptyText },
    savedAt: Date.now(),
  }
}

/** A draft to edit an article as this device has it. A slug that is not the title's own was chosen by hand. */
export function draftOfArticle(userId: string, article: ArticleRow): ArticleDraft {
  const textOf = (lang: ContentLang): DraftText => {
    const text = article.texts[lang]
    return text ? { slug: text.slug, title: text.title, excerpt: text.excerpt, body_md: text.body_md, cover_alt: text.cover_alt, slugEdited: text.slug !== slugFromTitle(text.title) } : emptyText
  }
  return {
    articleId: article.id,
    userId,
    baseVersion: article.version,
    category: article.category,
    cover_path: article.cover_path,
    author_name: article.author_name,
    read_time_minutes: article.read_time_minutes,
    published_at: article.published_at,
    langs: contentLangs.filter((lang) => article.texts[lang]),
    texts: { es: textOf('es'), en: textOf('en') },
    savedAt: Date.now(),
  }
}

const [minReadTime, maxReadTime] = articleLimits.readTime

/** The reading time typed, as whole minutes within the limits (the field has no message: it keeps to them). */
export const readTimeOf = (typed: string): number => Math.min(maxReadTime, Math.max(minReadTime, Math.round(Number(typed)) || minReadTime))

/** A language's title typed: the slug follows it until it is edited by hand. */
export function withTitle(text: DraftText, title: string): DraftText {
  return { ...text, title, slug: text.slugEdited ? text.slug : slugFromTitle(title) }
}

/** How the article is saved: a draft, or published from a time (now, or later: scheduled). */
export type Publication = { status: 'draft'; published_at: string | null } | { status: 'published'; published_at: string }

/** What `save_article` takes, from the draft: its languages only, each body parsed here into the tree pages render. */
export function articleFieldsOf(draft: ArticleDraft, publication: Publication): ArticleFields {
  return {
    category: draft.category,
    cover_path: draft.cover_path,
    author_name: draft.author_name.trim(),
    read_time_minutes: draft.read_time_minutes,
    ...publication,
    texts: Object.fromEntries(
      draft.langs.map((lang) => {
        const { slugEdited: _slugEdited, ...text } = draft.texts[lang]
        return [lang, { ...text, title: text.title.trim(), excerpt: text.excerpt.trim(), cover_alt: text.cover_alt.trim(), body_tree: parseMarkdown(text.body_md) }]
      }),
    ),
  }
}
