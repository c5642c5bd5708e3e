import { useLiveQuery } from 'dexie-react-hooks'
import type { ArticleDraft, ArticleRow, FaqRow } from './content-rows'
import { db, isContentOp, type ContentOp, type SaveArticleOp } from './db'
import { assertOwner, type DeviceOwner } from './owner'

// The site's content on an admin's device: the server's articles and answers (pulled whole, they are
// few), the changes still in the outbox laid over them as they are read, and the drafts typed here.

/** An article as the editor lists it: the server's, or this device's save still on its way. */
export interface ListedArticle {
  article: ArticleRow
  /** The state of this device's latest change to it, if one is still in the outbox. */
  queued: ContentOp['state'] | null
  /** A draft typed here and not saved yet. */
  drafted: boolean
}

/** What the server has now, replacing what the device had. */
export function applyPulledContent(owner: DeviceOwner, articles: readonly ArticleRow[], faqs: readonly FaqRow[]): Promise<void> {
  return db.transaction('rw', db.articles, db.faqs, db.owner, async () => {
    await assertOwner(owner)
    await Promise.all([db.articles.clear(), db.faqs.clear()])
    await Promise.all([db.articles.bulkPut([...articles]), db.faqs.bulkPut([...faqs])])
  })
}

/** The server's article as a save returned it, unless the device already has a newer one. */
export async function writeArticle(row: ArticleRow): Promise<void> {
  const local = await db.articles.get(row.id)
  if (!local || local.version <= row.version) await db.articles.put(row)
}

export async function writeFaq(row: FaqRow): Promise<void> {
  const local = await db.faqs.get(row.id)
  if (!local || local.version <= row.version) await db.faqs.put(row)
}

/** The answers in the order the server returned after a move. */
export async function writeFaqOrder(ids: readonly string[]): Promise<void> {
  await Promise.all(ids.map((id, i) => db.faqs.update(id, { position: i + 1 })))
}

const contentOps = async () => (await db.outbox.orderBy('seq').toArray()).filter(isContentOp)

/**
 * The article with this device's latest pending save over it. A new one exists only as its save,
 * which it stays while the server refuses it: listed and opened to be corrected.
 */
function articleWithPendingSave(row: ArticleRow | undefined, saves: readonly SaveArticleOp[]): ArticleRow | undefined {
  const latest = saves.filter((op) => op.state === 'pending').at(-1) ?? (row ? undefined : saves.at(-1))
  if (!latest) return row
  const now = latest.createdAt
  return { id: latest.articleId, version: row?.version ?? 0, created_at: row?.created_at ?? now, updated_at: now, updated_by: latest.userId, slugs: row?.slugs, ...latest.article }
}

/** Every article, newest change first, as this device would have it once its queue is sent. */
export function useListedArticles(): ListedArticle[] | undefined {
  return useLiveQuery(async () => {
    const [rows, ops, drafts] = await Promise.all([db.articles.toArray(), contentOps(), db.articleDrafts.toArray()])
    const saves = ops.filter((op): op is SaveArticleOp => op.kind === 'save-article')
    const ids = new Set([...rows.map((row) => row.id), ...saves.map((op) => op.articleId)])
    const drafted = new Set(drafts.map((draft) => draft.articleId))
    const byId = new Map(rows.map((row) => [row.id, row]))
    return [...ids]
      .flatMap((id): ListedArticle[] => {
        const own = saves.filter((op) => op.articleId === id)
        const article = articleWithPendingSave(byId.get(id), own)
        return article ? [{ article, queued: own.at(-1)?.state ?? null, drafted: drafted.has(id) }] : []
      })
      .sort((a, b) => b.article.updated_at.localeCompare(a.article.updated_at))
  }, [])
}

/** One article as this device would have it once its queue is sent; null when there is none. */
export function readArticle(id: string): Promise<ArticleRow | null> {
  return db.transaction('r', db.articles, db.outbox, async () => {
    const saves = (await contentOps()).filter((op): op is SaveArticleOp => op.kind === 'save-article' && op.articleId === id)
    return articleWithPendingSave(await db.articles.get(id), saves) ?? null
  })
}

/** The version of an article this device has from the server (0: not on the server yet). */
export async function serverVersionOf(id: string): Promise<number> {
  return (await db.articles.get(id))?.version ?? 0
}

/** The answers in order, with this device's pending saves and moves applied. */
export function faqsWithPendingOps(rows: readonly FaqRow[], ops: readonly ContentOp[]): FaqRow[] {
  const faqs = [...rows].sort((a, b) => a.position - b.position)
  for (const op of ops) {
    if (op.state !== 'pending') continue
    const at = 'faqId' in op ? faqs.findIndex((faq) => faq.id === op.faqId) : -1
    if (op.kind === 'save-faq') {
      const saved: FaqRow = { id: op.faqId, position: 0, version: 0, updated_at: op.createdAt, updated_by: op.userId, ...faqs[at], ...op.faq }
      if (at >= 0) faqs[at] = saved
      else faqs.push(saved)
    } else if (op.kind === 'move-faq' && at >= 0) {
      const [moved] = faqs.splice(at, 1)
      faqs.splice(Math.max(0, op.position - 1), 0, moved!)
    }
  }
  return faqs.map((faq, i) => ({ ...faq, position: i + 1 }))
}

/** The answers as the editor shows them, with each one's latest queued change's state. */
export function useListedFaqs(): { faq: FaqRow; queued: ContentOp['state'] | null }[] | undefined {
  return useLiveQuery(async () => {
    const [rows, ops] = await Promise.all([db.faqs.toArray(), contentOps()])
    const faqOps = ops.filter((op) => op.kind !== 'save-article')
    return faqsWithPendingOps(rows, faqOps).map((faq) => ({ faq, queued: faqOps.filter((op) => 'faqId' in op && op.faqId === faq.id).at(-1)?.state ?? null }))
  }, [])
}

/** The server's version of an answer on this device (0: not on the server yet). */
export async function faqVersionOf(id: string): Promise<number> {
  return (await db.faqs.get(id))?.version ?? 0
}

/** Content changes waiting for the admin (a conflict or a refusal): the page pulls again when they change. */
export function useUnresolvedContentOps(): number | undefined {
  return useLiveQuery(async () => (await contentOps()).filter((op) => op.state !== 'pending').length, [])
}

/** The draft of an article typed on this device: undefined while reading, null when there is none. */
export function useArticleDraft(articleId: string): ArticleDraft | null | undefined {
  return useLiveQuery(async () => (await db.articleDrafts.get(articleId)) ?? null, [articleId])
}

export function readArticleDraft(articleId: string): Promise<ArticleDraft | null> {
  return db.articleDrafts.get(articleId).then((draft) => draft ?? null)
}

/** Keeps what was typed, as it is typed: it survives a reload, offline too. */
export async function keepArticleDraft(draft: ArticleDraft): Promise<void> {
  await db.transaction('rw', db.articleDrafts, db.owner, async () => {
    await assertOwner(draft.userId)
    await db.articleDrafts.put(draft)
  })
}

export async function dropArticleDraft(userId: string, articleId: string): Promise<void> {
  await db.transaction('rw', db.articleDrafts, db.owner, async () => {
    await assertOwner(userId)
    await db.articleDrafts.delete(articleId)
  })
}

/** The admins' emails by id, to say who changed what. */
export function useAdminEmails(): Map<string, string> | undefined {
  return useLiveQuery(async () => new Map((await db.profiles.where('role').equals('admin').toArray()).flatMap((profile) => (profile.email ? [[profile.id, profile.email] as const] : []))), [])
}

/** This device's save of an article that waits for the admin (changed by someone else, or refused); null when none does. */
export function useWaitingArticleSave(articleId: string): SaveArticleOp | null | undefined {
  return useLiveQuery(async () => (await contentOps()).find((op): op is SaveArticleOp => op.kind === 'save-article' && op.articleId === articleId && op.state !== 'pending') ?? null, [articleId])
}
