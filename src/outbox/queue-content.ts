import type { ArticleFields, FaqFields } from '@/local-db/content-rows'
import { db, type MoveFaqOp, type SaveArticleOp, type SaveFaqOp, type UploadOp } from '@/local-db/db'
import { assertOwner } from '@/local-db/owner'
import { addOps, newOpFields, notifyQueued } from './queue'
import type { DeviceFile } from './queue-uploads'

// The content editor's changes: queued here, sent by the sync engine exactly once (each carries
// its op id), an article's cover before its save.

/**
 * Queues an article's save, from the server version it was edited from, and drops its draft in the
 * same transaction: what was typed is either in the outbox or still a draft, never lost. A save
 * carries the whole article, so it replaces an earlier save of it the server refused (a slug
 * already taken, say): corrected and saved again, the article is not held behind its old refusal.
 */
export async function queueArticleSave(userId: string, articleId: string, baseVersion: number, article: ArticleFields): Promise<void> {
  await db.transaction('rw', db.outbox, db.articleDrafts, db.owner, async () => {
    await assertOwner(userId)
    await db.outbox.filter((op) => op.kind === 'save-article' && op.articleId === articleId && op.userId === userId && op.state === 'failed').delete()
    const op: SaveArticleOp = { ...newOpFields(userId), kind: 'save-article', articleId, baseVersion, article }
    await db.outbox.add(op)
    await db.articleDrafts.delete(articleId)
  })
  notifyQueued()
}

/**
 * Queues a cover (already downscaled on the device) to upload into the public `content` bucket,
 * under the article's id; returns its path, which the article's save names. The upload goes first:
 * it and the save are the same subject, sent in the order they were made.
 */
export async function queueCoverUpload(userId: string, articleId: string, file: DeviceFile): Promise<string> {
  const path = `${articleId}/${crypto.randomUUID()}.jpg`
  const op: UploadOp = { ...newOpFields(userId), kind: 'upload-file', target: 'article-cover', articleId, bucket: 'content', path, name: file.name, contentType: file.contentType, size: file.bytes.byteLength }
  await db.transaction('rw', db.outbox, db.uploads, db.owner, async () => {
    await assertOwner(userId)
    await db.uploads.add({ opId: op.opId, bytes: file.bytes })
    await db.outbox.add(op)
  })
  notifyQueued()
  return path
}

/** Queues an FAQ answer's save (`faqId` null: a new answer, its id chosen here). Returns its id. */
export async function queueFaqSave(userId: string, faqId: string | null, baseVersion: number, faq: FaqFields): Promise<string> {
  const id = faqId ?? crypto.randomUUID()
  const op: SaveFaqOp = { ...newOpFields(userId), kind: 'save-faq', faqId: id, baseVersion: faqId ? baseVersion : 0, faq }
  await addOps(userId, [op])
  return id
}

/** Queues an answer's move to `position` (1 is first). */
export function queueFaqMove(userId: string, faqId: string, position: number): Promise<void> {
  const op: MoveFaqOp = { ...newOpFields(userId), kind: 'move-faq', faqId, position }
  return addOps(userId, [op])
}
