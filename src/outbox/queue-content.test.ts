import { beforeEach, describe, expect, it } from 'vitest'
import { queueArticleSave } from './queue-content'
import { dropArticleDraft, keepArticleDraft, readArticle, readArticleDraft } from '@/local-db/content'
import type { ArticleDraft } from '@/local-db/content-rows'
import { db } from '@/local-db/db'
import { NotOwnerError, releaseOwnership, takeOwnership } from '@/local-db/owner'
import { clearLocalData } from '@/local-db/wipe'

const draft = (userId: string, title: string): ArticleDraft => ({
  articleId: 'a1',
  userId,
  baseVersion: 0,
  category: 'shopping',
  cover_path: null,
  author_name: 'Laura',
  read_time_minutes: 3,
  published_at: null,
  langs: ['es'],
  texts: { es: { slug: 'guia', title, excerpt: '', body_md: 'Texto', cover_alt: '', slugEdited: false }, en: { slug: '', title: '', excerpt: '', body_md: '', cover_alt: '', slugEdited: false } },
  savedAt: 1,
})

beforeEach(() => clearLocalData())

describe('article drafts on the device', () => {
  it('keep the latest typed text until dropped', async () => {
    await takeOwnership('u1')
    await keepArticleDraft(draft('u1', 'Guía'))
    await keepArticleDraft(draft('u1', 'Guía de compras'))
    expect((await readArticleDraft('a1'))?.texts.es.title).toBe('Guía de compras')
    await dropArticleDraft('u1', 'a1')
    expect(await readArticleDraft('a1')).toBeNull()
  })

  it('become a queued save in one step: the draft goes, the save shows as the article', async () => {
    await takeOwnership('u1')
    await keepArticleDraft(draft('u1', 'Guía'))
    await queueArticleSave('u1', 'a1', 0, { category: 'shopping', cover_path: null, author_name: 'Laura', status: 'draft', published_at: null, read_time_minutes: 3, texts: { es: { slug: 'guia', title: 'Guía', excerpt: '', body_md: 'Texto', body_tree: { type: 'root', children: [] }, cover_alt: '' } } })
    expect(await readArticleDraft('a1')).toBeNull()
    expect((await db.outbox.toArray()).map((op) => op.kind)).toEqual(['save-article'])
    expect((await readArticle('a1'))?.texts.es?.title).toBe('Guía')
  })

  it('replace a save of the same article the server refused, and leave other articles\' refusals alone', async () => {
    await takeOwnership('u1')
    const fields = (slug: string) => ({ category: 'shopping' as const, cover_path: null, author_name: 'Laura', status: 'draft' as const, published_at: null, read_time_minutes: 3, texts: { es: { slug, title: 'Guía', excerpt: '', body_md: 'Texto', body_tree: { type: 'root' as const, children: [] }, cover_alt: '' } } })
    await queueArticleSave('u1', 'a1', 0, fields('tomado'))
    await queueArticleSave('u1', 'a2', 0, fields('otro-tomado'))
    await db.outbox.toCollection().modify({ state: 'failed', lastError: 'slug taken' })
    await queueArticleSave('u1', 'a1', 0, fields('guia-nueva'))
    const ops = await db.outbox.toArray()
    expect(ops.map((op) => [op.kind === 'save-article' && op.articleId, op.state])).toEqual([
      ['a2', 'failed'],
      ['a1', 'pending'],
    ])
    expect((await readArticle('a1'))?.texts.es?.slug).toBe('guia-nueva')
  })

  it('a new article the server refused stays on the device as its save, to be corrected', async () => {
    await takeOwnership('u1')
    await queueArticleSave('u1', 'a1', 0, { category: 'shopping', cover_path: null, author_name: 'Laura', status: 'draft', published_at: null, read_time_minutes: 3, texts: { es: { slug: 'tomado', title: 'Guía', excerpt: '', body_md: 'Texto', body_tree: { type: 'root', children: [] }, cover_alt: '' } } })
    await db.outbox.toCollection().modify({ state: 'failed', lastError: 'slug taken' })
    expect((await readArticle('a1'))?.texts.es?.slug).toBe('tomado')
  })

  it("are refused for a session that does not own the device, and leave with the user's data", async () => {
    await takeOwnership('u1')
    await expect(keepArticleDraft(draft('u2', 'Otra'))).rejects.toBeInstanceOf(NotOwnerError)
    await keepArticleDraft(draft('u1', 'Guía'))
    await releaseOwnership({ discardWork: true })
    expect(await readArticleDraft('a1')).toBeNull()
  })
})
