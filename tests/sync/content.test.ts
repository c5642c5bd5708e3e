import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, signedIn, startTestStandIn } from '../backend/helpers'
import { clientLosingAnswers } from '../support/lossy-client'
import type { ArticleFields } from '@/local-db/content-rows'
import { db } from '@/local-db/db'
import { takeOwnership } from '@/local-db/owner'
import { clearLocalData } from '@/local-db/wipe'
import { queueArticleSave, queueFaqSave } from '@/outbox/queue-content'
import { resendOnCurrent } from '@/outbox/resolve'
import { flushOutbox } from '@/sync-engine/push'

// The content editor's saves through the outbox against a running stand-in: recorded once though an
// answer is lost, and a save made on a version someone else replaced waits for the admin.

let standIn: StandIn
let admin: SupabaseClient
let otherAdmin: SupabaseClient
let adminId: string

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await signedIn(standIn.url, demoAdmin)
  otherAdmin = await signedIn(standIn.url, demoAdmin)
  adminId = (await admin.auth.getUser()).data.user!.id
})

afterAll(async () => {
  await standIn?.close()
})

beforeEach(async () => {
  await clearLocalData()
  await takeOwnership(adminId)
})

const article = (title: string): ArticleFields => {
  const slug = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomUUID().slice(0, 8)}`
  return {
    category: 'shopping',
    cover_path: null,
    author_name: 'Laura',
    status: 'draft',
    published_at: null,
    read_time_minutes: 2,
    texts: { es: { slug, title, excerpt: '', body_md: 'Texto', body_tree: { type: 'root', children: [] }, cover_alt: '' } },
  }
}

const flush = async (client = admin) => flushOutbox(client, await takeOwnership(adminId), { force: true })
const onServer = async (id: string) => {
  const [article, texts] = await Promise.all([admin.from('articles').select('id, version').eq('id', id), admin.from('article_texts').select('title').eq('article_id', id)])
  if (article.error || texts.error) throw new Error((article.error ?? texts.error)!.message)
  return article.data.map((row) => ({ ...row, article_texts: texts.data }))
}

describe('content saves through the outbox', () => {
  it('reach the server once, though the first answer was lost', async () => {
    const id = randomUUID()
    await queueArticleSave(adminId, id, 0, article('Guía'))
    const lossy = clientLosingAnswers(standIn.url, 1)
    await lossy.auth.signInWithPassword(demoAdmin)
    expect(await flush(lossy)).toMatchObject({ sent: 0, retryAt: expect.any(Number) })
    expect(await flush(lossy)).toEqual({ sent: 1, retryAt: null })
    expect(await onServer(id)).toEqual([expect.objectContaining({ id, version: 1 })])
    expect(await db.outbox.count()).toBe(0)
    expect((await db.articles.get(id))?.version).toBe(1)
  })

  it('wait for the admin when someone else saved the article meanwhile, and keep mine sends it on their version', async () => {
    const id = randomUUID()
    await queueArticleSave(adminId, id, 0, article('Primera'))
    await flush()
    const theirs = await otherAdmin.rpc('save_article', { p_op_id: randomUUID(), p_id: id, p_base_version: 1, p_article: article('De otra persona') })
    expect(theirs.error).toBeNull()

    const mine = article('Mía')
    await queueArticleSave(adminId, id, 1, mine)
    expect(await flush()).toMatchObject({ sent: 0 })
    const [waiting] = await db.outbox.toArray()
    expect(waiting).toMatchObject({ kind: 'save-article', state: 'conflict', current: { version: 2 } })
    expect(await onServer(id)).toEqual([expect.objectContaining({ version: 2, article_texts: [{ title: 'De otra persona' }] })])

    await resendOnCurrent(waiting as Parameters<typeof resendOnCurrent>[0])
    expect(await flush()).toMatchObject({ sent: 1 })
    expect(await onServer(id)).toEqual([expect.objectContaining({ version: 3, article_texts: [{ title: 'Mía' }] })])
  })

  it('keep every slug the article has had from a save’s answer, and the server’s refusal of one another article had', async () => {
    const id = randomUUID()
    const [first, renamed] = [article('Primera'), article('Renombrada')]
    await queueArticleSave(adminId, id, 0, first)
    await flush()
    await queueArticleSave(adminId, id, 1, renamed)
    await flush()
    expect((await db.articles.get(id))?.slugs).toEqual(expect.arrayContaining([first, renamed].map((saved) => ({ lang: 'es', slug: saved.texts.es!.slug }))))

    // Another admin's article took its slug after this device last pulled: the server refuses, with its key.
    const theirs = randomUUID()
    const [old, current] = [article('Vieja'), article('Actual')]
    for (const [version, saved] of [old, current].entries()) expect((await otherAdmin.rpc('save_article', { p_op_id: randomUUID(), p_id: theirs, p_base_version: version, p_article: saved })).error).toBeNull()
    await queueArticleSave(adminId, randomUUID(), 0, { ...article('Mía'), texts: old.texts })
    await flush()
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ kind: 'save-article', state: 'failed', lastErrorKey: expect.objectContaining({ hint: 'slug_taken', details: 'es' }) })])
  })

  it('keep a refusal with its key for the app to translate', async () => {
    await queueFaqSave(adminId, null, 0, { question_es: 'Sin respuesta', answer_es: null, question_en: null, answer_en: null, published: false })
    await flush()
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ kind: 'save-faq', state: 'failed', lastErrorKey: expect.objectContaining({ hint: 'faq_needs_text' }) })])
  })
})
