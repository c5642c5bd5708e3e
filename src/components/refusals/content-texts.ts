import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { text, type Detail, type Say } from './say'

/** The language a content refusal names (its detail is the language's code), as the reader calls it. */
function languageOf(i18n: I18n, detail: Detail): string {
  const lang = text(detail, 'value')
  if (lang === 'es') return i18n._(msg({ message: 'Spanish', context: 'the language, within a sentence' }))
  if (lang === 'en') return i18n._(msg({ message: 'English', context: 'the language, within a sentence' }))
  return lang
}

/** Refusals of save_article, save_faq, move_faq and the content editor's other calls. */
export const contentTexts: Record<string, Say> = {
  content_changed: (i18n) => i18n._(msg`Someone else changed this meanwhile: reload it and make your change again.`),
  slug_taken: (i18n, detail) => {
    const language = languageOf(i18n, detail)
    return i18n._(msg`Another article already has this address in ${language}.`)
  },
  bad_slug: (i18n, detail) => {
    const language = languageOf(i18n, detail)
    return i18n._(msg`The address in ${language} may have only lowercase letters and digits, in words joined by hyphens.`)
  },
  title_needed: (i18n, detail) => {
    const language = languageOf(i18n, detail)
    return i18n._(msg`The article needs a title in ${language}.`)
  },
  body_needed: (i18n, detail) => {
    const language = languageOf(i18n, detail)
    return i18n._(msg`A published article needs its text in ${language}.`)
  },
  cover_needs_alt: (i18n, detail) => {
    const language = languageOf(i18n, detail)
    return i18n._(msg`The cover image of a published article needs its description in ${language}.`)
  },
  no_language: (i18n) => i18n._(msg`The article needs its text in at least one language.`),
  bad_languages: (i18n) => i18n._(msg`An article is written in Spanish and English only.`),
  bad_category: (i18n) => i18n._(msg`Choose one of the categories: shopping, savings, regulations or events.`),
  author_needed: (i18n) => i18n._(msg`The article needs its author.`),
  published_needs_time: (i18n) => i18n._(msg`A published article needs its publication date and time.`),
  faq_needs_text: (i18n) => i18n._(msg`An answer needs its question and its answer in at least one language.`),
  faq_not_found: (i18n) => i18n._(msg`This answer no longer exists.`),
}
