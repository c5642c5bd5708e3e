import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { lengthError } from '@/components/form-validation'
import { contentLangs, type ContentLang, type FaqFields } from '@/local-db/content-rows'

/** What the faqs table takes, in characters once trimmed; tests/db/content-limits.test.ts holds the two equal. */
export const faqLimits = { question: 300, answer: 4000 } as const

/** An answer as typed in its dialog. */
export type FaqForm = Record<`${'question' | 'answer'}_${ContentLang}`, string> & { published: boolean }

export const faqFormOf = (faq: FaqFields | null): FaqForm => ({
  question_es: faq?.question_es ?? '',
  answer_es: faq?.answer_es ?? '',
  question_en: faq?.question_en ?? '',
  answer_en: faq?.answer_en ?? '',
  published: faq?.published ?? true,
})

/** What `save_faq` takes: a language left empty is none. */
export const faqFieldsOf = (form: FaqForm): FaqFields => ({
  question_es: form.question_es.trim() || null,
  answer_es: form.answer_es.trim() || null,
  question_en: form.question_en.trim() || null,
  answer_en: form.answer_en.trim() || null,
  published: form.published,
})

/** What keeps an answer from being saved: in each language a question with its answer, or neither, within faqLimits, and at least one language. */
export function faqProblems(form: FaqForm): Partial<Record<keyof FaqForm, MessageDescriptor>> {
  const problems: Partial<Record<keyof FaqForm, MessageDescriptor>> = {}
  for (const lang of contentLangs) {
    const question = form[`question_${lang}`].trim()
    const answer = form[`answer_${lang}`].trim()
    const tooLong = { question: lengthError(question, faqLimits.question), answer: lengthError(answer, faqLimits.answer) }
    if (question && !answer) problems[`answer_${lang}`] = msg`Write the answer to this question.`
    else if (tooLong.answer) problems[`answer_${lang}`] = tooLong.answer
    if (answer && !question) problems[`question_${lang}`] = msg`Write the question this answers.`
    else if (tooLong.question) problems[`question_${lang}`] = tooLong.question
  }
  if (contentLangs.every((lang) => !form[`question_${lang}`].trim() && !form[`answer_${lang}`].trim())) {
    problems.question_es = msg`Write the question and its answer in at least one language.`
  }
  return problems
}
