// The content editor's limits on the device and in the database accept and refuse the same input, on
// PGlite and PostgreSQL 15: random articles around every limit (the author, each language's title,
// address, summary, text and cover description, in characters; the reading time as typed; what
// publishing needs) go to articleProblems and, as articleFieldsOf sends them, to save_article itself
// as an admin; random answers of the FAQ go to faqProblems and, as faqFieldsOf sends them, to
// save_faq. Each save undone.
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { articleFieldsOf, newArticleDraft, readTimeOf, type Publication } from '@/features/admin/content/article-draft'
import { faqFieldsOf, faqLimits, faqProblems, type FaqForm } from '@/features/admin/content/faq-fields'
import { articleLimits, articleProblems } from '@/features/admin/content/validate-article'
import type { ArticleDraft, ContentLang } from '@/local-db/content-rows'
import { characters, textAround, textOf, typedNear, varyingFieldsOf } from './around-limits.ts'
import { createApiUser, engines, type Engine } from './engines.ts'
import { openForVerdicts, verdicts } from './verdicts.ts'

/** A text of about `max` characters without building it a character at a time: a long run, then a random end. */
const longTextAround = (max: number) =>
  fc
    .tuple(fc.integer({ min: max - 2, max: max + 1 }), fc.array(fc.constantFrom(...characters, ' ', '\n'), { maxLength: 3 }))
    .map(([length, end]) => 'x'.repeat(length - end.length) + end.join(''))

/** An article flattened: the Spanish text's fields are random, the English one is whole. */
interface ArticleForm {
  author_name: string
  read_time: string
  langs: ContentLang[]
  publishing: boolean
  cover: boolean
  title: string
  slug: string
  excerpt: string
  body_md: string
  cover_alt: string
}

const validArticle: ArticleForm = { author_name: 'Laura', read_time: '6', langs: ['es', 'en'], publishing: true, cover: true, title: 'Guía', slug: 'guia', excerpt: 'Cómo', body_md: 'Texto', cover_alt: 'Una bolsa' }
const articleArb = varyingFieldsOf(
  fc.record({
    author_name: textAround([1, articleLimits.author_name]),
    read_time: fc.oneof(typedNear(1, 1), typedNear(articleLimits.readTime[1], 1), fc.constantFrom('', '-3', 'abc')),
    langs: fc.constantFrom<ContentLang[]>(['es'], ['en'], ['es', 'en'], []),
    publishing: fc.boolean(),
    cover: fc.boolean(),
    title: textAround([1, articleLimits.title]),
    slug: fc.oneof(
      textOf(fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: articleLimits.slug - 1, max: articleLimits.slug + 1 })), fc.constantFrom('a', 'z', '0', '9', '-', 'A', '_', 'é', ' '), 'a'),
      fc.constantFrom('a-b', 'a--b', '-a', 'a-', 'tips-2026'),
    ),
    excerpt: textAround([0, articleLimits.excerpt]),
    body_md: fc.oneof(fc.constantFrom('', ' ', '\n\n', '\t', '\u00a0', '# Title'), longTextAround(articleLimits.body_md)),
    cover_alt: textAround([1, articleLimits.cover_alt]),
  }),
  validArticle,
)

/** The draft a form stands for, and how it is saved. */
function draftOf(form: ArticleForm): { draft: ArticleDraft; publication: Publication } {
  const empty = newArticleDraft('u1', randomUUID())
  const draft: ArticleDraft = {
    ...empty,
    author_name: form.author_name,
    read_time_minutes: readTimeOf(form.read_time),
    cover_path: form.cover ? '/blog/cover.jpg' : null,
    langs: form.langs,
    texts: {
      es: { title: form.title, slug: form.slug, excerpt: form.excerpt, body_md: form.body_md, cover_alt: form.cover_alt, slugEdited: true },
      en: { title: 'Guide', slug: 'guide', excerpt: 'How', body_md: 'Text', cover_alt: 'A bag', slugEdited: true },
    },
  }
  return { draft, publication: form.publishing ? { status: 'published', published_at: new Date().toISOString() } : { status: 'draft', published_at: null } }
}

const faqArb: fc.Arbitrary<FaqForm> = varyingFieldsOf(
  fc.record({
    question_es: textAround([0, faqLimits.question]),
    answer_es: fc.oneof(textAround([0, 3]), longTextAround(faqLimits.answer)),
    question_en: textAround([0, faqLimits.question]),
    answer_en: fc.oneof(textAround([0, 3]), longTextAround(faqLimits.answer)),
    published: fc.boolean(),
  }),
  { question_es: '¿Cuánto tarda?', answer_es: 'De 7 a 15 días.', question_en: '', answer_en: '', published: true },
)

describe.each(engines)('the content editor’s limits, device and database ($engine)', ({ open }) => {
  let db: Engine
  let admin: Awaited<ReturnType<typeof createApiUser>>
  openForVerdicts(open, (opened) => (db = opened))

  beforeAll(async () => {
    admin = await createApiUser(db, true)
  }, 60_000)

  it('accept and refuse the same articles', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(articleArb, { minLength: 10, maxLength: 10 }), async (forms) => {
        const saves = forms.map(draftOf)
        const database = await verdicts(db, admin, `select public.save_article(gen_random_uuid(), gen_random_uuid(), 0, $1)`, saves.map(({ draft, publication }) => articleFieldsOf(draft, publication)))
        saves.forEach(({ draft, publication }, index) => {
          const problems = articleProblems(draft, publication.status === 'published', [])
          expect(Object.keys(problems).length === 0, JSON.stringify({ problems: Object.keys(problems), database: database[index], form: forms[index] }).slice(0, 2000)).toBe(database[index] === 'accepted')
        })
      }),
      { numRuns: 25, endOnFailure: true },
    )
  })

  it('accept and refuse the same answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(faqArb, { minLength: 10, maxLength: 10 }), async (forms) => {
        const database = await verdicts(db, admin, `select public.save_faq(gen_random_uuid(), gen_random_uuid(), 0, $1)`, forms.map(faqFieldsOf))
        forms.forEach((form, index) => expect(Object.keys(faqProblems(form)).length === 0, JSON.stringify({ form, database: database[index] }).slice(0, 2000)).toBe(database[index] === 'accepted'))
      }),
      { numRuns: 25, endOnFailure: true },
    )
  })
})
