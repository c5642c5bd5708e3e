import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { contentLangs, type ArticleDraft, type ArticleRow, type ContentLang } from '@/local-db/content-rows'
import { maxSlugLength, slugPattern } from './slug'

/** The field a problem is shown under: the article's own, or a language's. */
export type ProblemField = 'author_name' | 'langs' | 'published_at' | `${ContentLang}.${'title' | 'slug' | 'body_md' | 'cover_alt'}`

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
  if (!draft.author_name.trim()) problems.author_name = msg`Enter the author's name.`
  if (scheduleAt !== undefined && (!scheduleAt || Number.isNaN(Date.parse(scheduleAt)))) problems.published_at = msg`Choose the date and time it is published.`
  else if (scheduleAt && Date.parse(scheduleAt) <= now) problems.published_at = msg`Choose a time still to come, or publish it now.`
  for (const lang of draft.langs) {
    const text = draft.texts[lang]
    if (!text.title.trim()) problems[`${lang}.title`] = msg`Enter a title.`
    if (!slugPattern.test(text.slug) || text.slug.length > maxSlugLength) {
      problems[`${lang}.slug`] = msg`Use lowercase letters and digits, in words joined by hyphens (at most 100 characters).`
    } else if (usedSlugs.some((used) => used.lang === lang && used.slug === text.slug && used.articleId !== draft.articleId)) {
      problems[`${lang}.slug`] = msg`Another article already uses this address.`
    }
    if (publishing && !text.body_md.trim()) problems[`${lang}.body_md`] = msg`Write the article's text to publish it.`
    if (publishing && draft.cover_path && !text.cover_alt.trim()) problems[`${lang}.cover_alt`] = msg`Describe the cover for people who cannot see it.`
  }
  return problems
}
