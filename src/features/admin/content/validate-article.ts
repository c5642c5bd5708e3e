import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { contentLangs, type ArticleDraft, type ArticleRow, type ContentLang } from '@/local-db/content-rows'
import { atMostCharacters, characterCount, lengthError } from '@/components/form-validation'
import { maxSlugLength, slugPattern } from './slug'

/**
 * What the articles and article_texts tables take, in characters (the text in Markdown as it is, the
 * others trimmed) and minutes; tests/db/content-limits.test.ts holds the two equal.
 */
export const articleLimits = { author_name: 120, title: 200, slug: maxSlugLength, excerpt: 400, body_md: 100000, cover_alt: 300, readTime: [1, 240] } as const

/** The field a problem is shown under: the article's own, or a language's. */
export type ProblemField = 'author_name' | 'langs' | 'published_at' | `${ContentLang}.${'title' | 'slug' | 'excerpt' | 'body_md' | 'cover_alt'}`

export type ArticleProblems = Partial<Record<ProblemField, MessageDescriptor>>

/** A slug an article uses or once used in a language, as this device knows it (the server has the last word). */
export interface UsedSlug {
  articleId: string
  lang: ContentLang
  slug: string
}

/** Every slug of these articles: the ones they use, and the old ones that still lead to them. */
export function slugsUsedBy(articles: readonly ArticleRow[]): UsedSlug[] {
  return articles.flatMap((article) => [
    ...contentLangs.flatMap((lang) => {
      const text = article.texts[lang]
      return text ? [{ articleId: article.id, lang, slug: text.slug }] : []
    }),
    ...(article.slugs ?? []).map(({ lang, slug }) => ({ articleId: article.id, lang, slug })),
  ])
}

/**
 * What keeps the draft from being saved as asked, in the editor's words (the server checks the same,
 * and slugs against every article). Every language written needs a title and a slug of the right
 * form that no other article uses or once used in that language; to publish, each also needs a body,
 * and with a cover its alt text. Scheduling needs a time still to come.
 */
export function articleProblems(draft: ArticleDraft, publishing: boolean, usedSlugs: readonly UsedSlug[], scheduleAt?: string | null, now = Date.now()): ArticleProblems {
  const problems: ArticleProblems = {}
  if (draft.langs.length === 0) problems.langs = msg`Write the article in at least one language.`
  const author = draft.author_name.trim() ? lengthError(draft.author_name, articleLimits.author_name) : msg`Enter the author's name.`
  if (author) problems.author_name = author
  if (scheduleAt !== undefined && (!scheduleAt || Number.isNaN(Date.parse(scheduleAt)))) problems.published_at = msg`Choose the date and time it is published.`
  else if (scheduleAt && Date.parse(scheduleAt) <= now) problems.published_at = msg`Choose a time still to come, or publish it now.`
  for (const lang of draft.langs) {
    const text = draft.texts[lang]
    const tooLong = (field: 'title' | 'excerpt' | 'cover_alt') => {
      const problem = lengthError(text[field], articleLimits[field])
      if (problem) problems[`${lang}.${field}`] = problem
    }
    tooLong('title')
    tooLong('excerpt')
    tooLong('cover_alt')
    if (!text.title.trim()) problems[`${lang}.title`] = msg`Enter a title.`
    if (!slugPattern.test(text.slug) || text.slug.length > maxSlugLength) {
      problems[`${lang}.slug`] = msg`Use lowercase letters and digits, in words joined by hyphens (at most ${maxSlugLength} characters).`
    } else if (usedSlugs.some((used) => used.lang === lang && used.slug === text.slug && used.articleId !== draft.articleId)) {
      problems[`${lang}.slug`] = msg`Another article already uses this address.`
    }
    if (characterCount(text.body_md) > articleLimits.body_md) problems[`${lang}.body_md`] = atMostCharacters(articleLimits.body_md)
    else if (publishing && !text.body_md.trim()) problems[`${lang}.body_md`] = msg`Write the article's text to publish it.`
    if (publishing && draft.cover_path && !text.cover_alt.trim()) problems[`${lang}.cover_alt`] = msg`Describe the cover for people who cannot see it.`
  }
  return problems
}
