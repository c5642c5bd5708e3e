import { describe, expect, it } from 'vitest'
import type { ArticleRow } from '@/local-db/content-rows'
import { newArticleDraft, withTitle } from './article-draft'
import { articleProblems, slugsUsedBy } from './validate-article'

const written = () => {
  const draft = newArticleDraft('u1', 'a1')
  return {
    ...draft,
    author_name: 'Laura',
    texts: {
      es: { ...withTitle(draft.texts.es, 'Guía de compras'), body_md: 'Texto', cover_alt: 'Una bolsa' },
      en: { ...withTitle(draft.texts.en, 'Shopping guide'), body_md: 'Text', cover_alt: 'A bag' },
    },
  }
}

describe('articleProblems', () => {
  it('accepts an article complete in both languages', () => {
    expect(articleProblems({ ...written(), cover_path: 'a1/c.jpg' }, true, [])).toEqual({})
  })

  it('asks for a title and a valid slug in every language written, even for a draft', () => {
    const draft = written()
    const problems = articleProblems({ ...draft, texts: { ...draft.texts, en: { ...draft.texts.en, title: ' ', slug: 'Not A Slug' } } }, false, [])
    expect(Object.keys(problems).sort()).toEqual(['en.slug', 'en.title'])
  })

  it('asks for the body and the cover description of each language only to publish', () => {
    const draft = written()
    const bare = { ...draft, cover_path: 'a1/c.jpg', texts: { ...draft.texts, es: { ...draft.texts.es, body_md: '', cover_alt: '' } } }
    expect(articleProblems(bare, false, [])).toEqual({})
    expect(Object.keys(articleProblems(bare, true, [])).sort()).toEqual(['es.body_md', 'es.cover_alt'])
  })

  it('leaves a language not written alone', () => {
    const draft = written()
    expect(articleProblems({ ...draft, langs: ['es'], texts: { ...draft.texts, en: { ...draft.texts.en, title: '', slug: '' } } }, true, [])).toEqual({})
    expect(Object.keys(articleProblems({ ...draft, langs: [] }, false, []))).toEqual(['langs'])
  })

  it("refuses a slug another article uses in the same language, not the article's own or another language's", () => {
    const draft = written()
    expect(Object.keys(articleProblems(draft, false, [{ articleId: 'other', lang: 'es', slug: 'guia-de-compras' }]))).toEqual(['es.slug'])
    expect(articleProblems(draft, false, [{ articleId: 'a1', lang: 'es', slug: 'guia-de-compras' }, { articleId: 'other', lang: 'en', slug: 'guia-de-compras' }])).toEqual({})
  })

  it('refuses a slug another article once had, as the device knows its slugs, and lets an article take back its own', () => {
    const other: ArticleRow = {
      ...{ id: 'other', version: 2, created_at: '', updated_at: '', updated_by: null },
      ...{ category: 'events', cover_path: null, author_name: 'Ana', status: 'draft', published_at: null, read_time_minutes: 1 },
      texts: { es: { slug: 'nueva-guia', title: 'Nueva guía', excerpt: '', body_md: '', body_tree: null, cover_alt: '' } },
      slugs: [
        { lang: 'es', slug: 'guia-de-compras' },
        { lang: 'es', slug: 'nueva-guia' },
      ],
    }
    expect(slugsUsedBy([other])).toEqual([
      { articleId: 'other', lang: 'es', slug: 'nueva-guia' },
      { articleId: 'other', lang: 'es', slug: 'guia-de-compras' },
      { articleId: 'other', lang: 'es', slug: 'nueva-guia' },
    ])
    expect(Object.keys(articleProblems(written(), false, slugsUsedBy([other])))).toEqual(['es.slug'])
    expect(articleProblems(written(), false, slugsUsedBy([{ ...other, id: 'a1' }]))).toEqual({})
  })

  it('needs a time to schedule', () => {
    expect(Object.keys(articleProblems(written(), true, [], null))).toEqual(['published_at'])
    expect(articleProblems(written(), true, [], '2030-01-01T10:00:00.000Z')).toEqual({})
  })

  it('refuses to schedule for a time already past, in both languages', () => {
    const now = Date.parse('2030-01-01T10:00:00.000Z')
    const problem = articleProblems(written(), true, [], '2030-01-01T09:59:00.000Z', now).published_at
    expect(problem?.message).toBe('Choose a time still to come, or publish it now.')
    expect(articleProblems(written(), true, [], '2030-01-01T10:01:00.000Z', now)).toEqual({})
  })
})

describe('the slug follows the title', () => {
  it('until it is edited by hand', () => {
    const text = withTitle(newArticleDraft('u1', 'a1').texts.es, 'Primera guía')
    expect(text.slug).toBe('primera-guia')
    const edited = { ...text, slug: 'mi-guia', slugEdited: true }
    expect(withTitle(edited, 'Segunda guía').slug).toBe('mi-guia')
  })
})
