import { writePostedEntry } from '@/local-db/account'
import type { AccountEntryRow } from '@/local-db/account-rows'
import { writeArticle, writeFaq, writeFaqOrder } from '@/local-db/content'
import type { ArticleRow, FaqRow } from '@/local-db/content-rows'
import { db, type RefusalKey, isPackageOp, isShipmentOp, type AccountOp, type ContentOp, type LocalProfile, type NotificationsOp, type PackageOp, type PrealertOp, type QueuedOp, type SaveArticleOp, type SaveFaqOp, type ShipmentOp, type UploadOp } from '@/local-db/db'
import { opsOf } from '@/local-db/overlay'
import { assertOwner, type DeviceOwner } from '@/local-db/owner'
import { packageTables, refreshPackages, storeServerPackages } from '@/local-db/package-store'
import type { PackageRow, PrealertRow, ShipmentRow } from '@/local-db/rows'

// What the sync engine records after the server's answers, in one transaction with the read
// model, so the outbox and the screen never disagree.

/** The user's ops in creation order: what a flush walks through. */
export async function queuedOpsOf(userId: string): Promise<QueuedOp[]> {
  return (await db.outbox.orderBy('seq').toArray()).filter((op) => op.userId === userId)
}

/** What the server made of a sent op, as the outbox records it. */
export type Settlement =
  | { op: PackageOp; outcome: 'applied' | 'superseded'; row: PackageRow }
  | { op: PrealertOp; outcome: 'recorded'; row: PrealertRow }
  | { op: ShipmentOp; outcome: 'applied' | 'superseded'; row: ShipmentRow }
  | { op: UploadOp; outcome: 'uploaded'; row: UploadedRow }
  | { op: NotificationsOp; outcome: 'done' }
  | { op: ContentOp; outcome: 'saved'; row: SavedContent }
  /** A posting on a customer's account: the line the server posted (the one first posted, on a replay). */
  | { op: AccountOp; outcome: 'posted'; row: AccountEntryRow }
  /** Someone else saved the article or answer since it was edited here: `version` is the server's now. */
  | { op: SaveArticleOp | SaveFaqOp; outcome: 'changed-meanwhile'; version: number }
  | { op: QueuedOp; outcome: 'refused'; message: string; key?: RefusalKey }
  | { op: QueuedOp; outcome: 'retry'; message: string; retryAt: number }

/** The row a file was listed on, as the server has it now. */
export type UploadedRow =
  | { kind: 'package'; row: PackageRow; previousVersion: number }
  | { kind: 'prealert'; row: PrealertRow }
  | { kind: 'shipment'; row: ShipmentRow }
  | { kind: 'profile'; row: LocalProfile }
  /** An article's cover: listed by the article's own save. */
  | { kind: 'cover' }

/** What the server returned for a content change. */
export type SavedContent = { kind: 'article'; row: ArticleRow } | { kind: 'faq'; row: FaqRow } | { kind: 'faq-order'; ids: string[] }

/**
 * A round of answers, recorded in one transaction: the screens redraw once for all of them. Answers
 * that arrive after `owner`'s session ended throw NotOwnerError and record nothing (the server kept
 * them: the same user's next session sends those ops again and gets the same answers).
 */
export function settleAll(owner: DeviceOwner, settlements: readonly Settlement[]): Promise<void> {
  return db.transaction('rw', [...packageTables, db.prealerts, db.shipments, db.profiles, db.uploads, db.seenFiles, db.articles, db.faqs, db.accountEntries, db.owner], async () => {
    await assertOwner(owner)
    for (const settlement of settlements) {
      switch (settlement.outcome) {
        case 'applied':
          if (isShipmentOp(settlement.op)) await settleShipmentApplied(settlement.op, settlement.row as ShipmentRow)
          else await settleApplied(settlement.op, settlement.row as PackageRow)
          break
        case 'recorded':
          await settleRecorded(settlement.op, settlement.row)
          break
        case 'uploaded':
          await settleUploaded(settlement.op, settlement.row)
          break
        case 'done':
          // The device shows the change since it was queued; the next pull brings the server's rows.
          await db.outbox.delete(settlement.op.seq!)
          break
        case 'superseded':
          if (isShipmentOp(settlement.op)) await settleShipmentSuperseded(settlement.op, settlement.row as ShipmentRow)
          else await settleSuperseded(settlement.op, settlement.row as PackageRow)
          break
        case 'saved':
          await settleContentSaved(settlement.op, settlement.row)
          break
        case 'posted':
          // The line shows at once as the server posted it, not only after the next pull.
          await db.outbox.delete(settlement.op.seq!)
          await writePostedEntry(settlement.row)
          break
        case 'changed-meanwhile':
          await settleChangedMeanwhile(settlement.op, settlement.version)
          break
        case 'refused':
          await settleRefused(settlement.op, settlement.message, settlement.key)
          break
        case 'retry':
          await settleRetryLater(settlement.op, settlement.message, settlement.retryAt)
      }
    }
  })
}

/** The server's row, under this device's remaining pending ops; never replacing a newer copy already here (package-store.ts). */
const writeServerRow = (row: PackageRow) => storeServerPackages([row], 'rows', { keepNewer: true })

/** Recorded by the server: the op leaves the outbox, and later ops on the package build on the version it made. */
async function settleApplied(op: PackageOp, row: PackageRow): Promise<void> {
  await db.outbox.delete(op.seq!)
  const later = (await opsOf(op.packageId)).filter((next) => next.state === 'pending' && next.baseVersion === op.baseVersion)
  await db.outbox.bulkPut(later.map((next) => ({ ...next, baseVersion: row.version })))
  await writeServerRow(row)
}

/**
 * The package changed on the server since this device last saw it: this change, and any later one
 * built on the same version, waits for the admin to re-apply it on the current version or discard it.
 */
async function settleSuperseded(op: PackageOp, row: PackageRow): Promise<void> {
  const current = { status: row.status, version: row.version }
  const stale = (await opsOf(op.packageId)).filter((next) => next.state === 'pending' && next.baseVersion === op.baseVersion)
  await db.outbox.bulkPut(stale.map((next) => ({ ...next, state: 'conflict' as const, ...(next.kind === 'set-status' ? { current } : {}) })))
  await writeServerRow(row)
}

/**
 * Refused (validation, permission, not found): kept with the server's message and the refusal's key
 * (said in the reader's language when shown) until the user retries or discards it.
 */
async function settleRefused(op: QueuedOp, message: string, key: RefusalKey | undefined): Promise<void> {
  await db.outbox.update(op.seq!, { state: 'failed', lastError: message, lastErrorKey: key ?? null })
  if (isPackageOp(op)) await refreshPackages([op.packageId])
}

/**
 * A prealert change recorded by the server: the op leaves the outbox and the prealert is the
 * server's (screens lay the remaining pending ops over it as they read, see prealert-overlay.ts).
 */
async function settleRecorded(op: PrealertOp, row: PrealertRow): Promise<void> {
  await db.outbox.delete(op.seq!)
  await writePrealert(row)
}

/** The server's prealert, unless this device already has a newer one. */
async function writePrealert(row: PrealertRow) {
  const local = await db.prealerts.get(row.id)
  if (!local || local.version <= row.version) await db.prealerts.put(row)
}

/** The server's shipment, unless this device already has a newer one (screens lay pending ops over it as they read). */
async function writeShipment(row: ShipmentRow) {
  const local = await db.shipments.get(row.id)
  if (!local || local.version <= row.version) await db.shipments.put(row)
}

/** The op's shipment's pending steps still to be sent, made on the same version as `op`. */
async function laterStepsOn(op: ShipmentOp) {
  if (op.kind !== 'advance-shipment') return []
  return (await db.outbox.where('shipmentId').equals(op.shipmentId).toArray()).filter(
    (next) => next.seq! > op.seq! && next.kind === 'advance-shipment' && next.state === 'pending' && next.baseVersion === op.baseVersion,
  )
}

/** Recorded by the server: the op leaves the outbox, and the admin's later steps build on the version it made. */
async function settleShipmentApplied(op: ShipmentOp, row: ShipmentRow): Promise<void> {
  await db.outbox.delete(op.seq!)
  await db.outbox.bulkPut((await laterStepsOn(op)).map((next) => ({ ...next, baseVersion: row.version })))
  await writeShipment(row)
}

/**
 * The shipment moved on since the admin saw it: this step, and later ones made on the same version,
 * wait for the admin (unless the admin discarded this one while it was on its way).
 */
async function settleShipmentSuperseded(op: ShipmentOp, row: ShipmentRow): Promise<void> {
  const current = { status: row.status, version: row.version }
  const stale = [...((await db.outbox.get(op.seq!)) ? [op] : []), ...(await laterStepsOn(op))]
  await db.outbox.bulkPut(stale.map((next) => ({ ...next, state: 'conflict' as const, current })))
  await writeShipment(row)
}

/** A package's version moved from `from` to `to` by a change that conflicts with nothing (a photo): its pending changes made on `from` now build on `to`. */
async function rebasePackageOps(packageId: string, from: number, to: number) {
  if (from === to) return
  const later = (await opsOf(packageId)).filter((next) => next.state === 'pending' && next.baseVersion === from)
  await db.outbox.bulkPut(later.map((next) => ({ ...next, baseVersion: to })))
}

/**
 * Uploaded and listed on its row: the op and its bytes leave the queue, the bytes stay as a file
 * this device has seen (shown at once, and offline), and the row is the server's.
 */
async function settleUploaded(op: UploadOp, uploaded: UploadedRow): Promise<void> {
  const file = await db.uploads.get(op.opId)
  await db.outbox.delete(op.seq!)
  await db.uploads.delete(op.opId)
  if (file) await db.seenFiles.put({ key: `${op.bucket}/${op.path}`, bytes: file.bytes, contentType: op.contentType, seenAt: Date.now() })
  switch (uploaded.kind) {
    case 'package':
      await rebasePackageOps(uploaded.row.id, uploaded.previousVersion, uploaded.row.version)
      return writeServerRow(uploaded.row)
    case 'prealert':
      return writePrealert(uploaded.row)
    case 'shipment':
      return writeShipment(uploaded.row)
    case 'cover':
      return
    case 'profile': {
      const { deleted_at: _deleted, ...profile } = uploaded.row as LocalProfile & { deleted_at?: null }
      await db.profiles.put(profile)
    }
  }
}

/** The saves of the same article or answer still to be sent, made on the same version as `op`. */
async function laterSavesOn(op: ContentOp): Promise<(SaveArticleOp | SaveFaqOp)[]> {
  if (op.kind === 'move-faq') return []
  const subject = op.kind === 'save-article' ? op.articleId : op.faqId
  const savesOf = (next: QueuedOp): next is SaveArticleOp | SaveFaqOp => (next.kind === 'save-article' ? next.articleId : next.kind === 'save-faq' ? next.faqId : null) === subject
  return (await db.outbox.where('seq').above(op.seq!).toArray()).filter(savesOf).filter((next) => next.state === 'pending' && next.baseVersion === op.baseVersion)
}

/** Saved: the op leaves the outbox, later saves of the same row build on the version it made, and the row is the server's. */
async function settleContentSaved(op: ContentOp, saved: SavedContent): Promise<void> {
  await db.outbox.delete(op.seq!)
  if (saved.kind === 'faq-order') return writeFaqOrder(saved.ids)
  await db.outbox.bulkPut((await laterSavesOn(op)).map((next) => ({ ...next, baseVersion: saved.row.version })))
  return saved.kind === 'article' ? writeArticle(saved.row) : writeFaq(saved.row)
}

/**
 * Someone else saved the row first: this save, and later ones made on the same version, wait for
 * the admin (theirs again on `version`, or the other's kept), unless discarded on the way.
 */
async function settleChangedMeanwhile(op: SaveArticleOp | SaveFaqOp, version: number): Promise<void> {
  const stale = [...((await db.outbox.get(op.seq!)) ? [op] : []), ...(await laterSavesOn(op))]
  await db.outbox.bulkPut(stale.map((next) => ({ ...next, state: 'conflict' as const, current: { version } })))
}

/** Not answered (offline, timeout, server trouble): tried again at `retryAt`. */
async function settleRetryLater(op: QueuedOp, message: string, retryAt: number): Promise<void> {
  await db.outbox.update(op.seq!, { attempts: op.attempts + 1, lastError: message, lastErrorKey: null, nextAttemptAt: retryAt })
}
