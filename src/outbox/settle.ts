import { db, type QueuedOp } from '@/local-db/db'
import { opsOf, refreshOverlay, serverRowOf, withPendingOps } from '@/local-db/overlay'
import type { PackageRow } from '@/local-db/rows'

// What the sync engine records after each answer from the server. Each runs in one transaction
// with the read model, so the outbox and the screen never disagree.

/** The user's ops in creation order: what a flush walks through. */
export async function queuedOpsOf(userId: string): Promise<QueuedOp[]> {
  return (await db.outbox.orderBy('seq').toArray()).filter((op) => op.userId === userId)
}

/** The op as it is now (an earlier answer may have rebased it, the admin may have discarded it). */
export function currentOp(seq: number): Promise<QueuedOp | undefined> {
  return db.outbox.get(seq)
}

/** The server's row, under this device's remaining pending ops; never replacing a newer row already here. */
async function writeServerRow({ deleted_at, ...row }: PackageRow, ops: readonly QueuedOp[]) {
  if (deleted_at) return db.packages.delete(row.id)
  const local = await db.packages.get(row.id)
  const newest = local && local.version > row.version ? serverRowOf(local) : row
  await db.packages.put(withPendingOps(newest, ops))
}

/** Recorded by the server: the op leaves the outbox, and later ops on the package build on the version it made. */
export function settleApplied(op: QueuedOp, row: PackageRow): Promise<void> {
  return db.transaction('rw', db.packages, db.outbox, async () => {
    await db.outbox.delete(op.seq!)
    const later = (await opsOf(op.packageId)).filter((next) => next.state === 'pending' && next.baseVersion === op.baseVersion)
    await db.outbox.bulkPut(later.map((next) => ({ ...next, baseVersion: row.version })))
    await writeServerRow(row, await opsOf(op.packageId))
  })
}

/**
 * The package changed on the server since this device last saw it: this change, and any later one
 * built on the same version, waits for the admin to re-apply it on the current version or discard it.
 */
export function settleSuperseded(op: QueuedOp, row: PackageRow): Promise<void> {
  return db.transaction('rw', db.packages, db.outbox, async () => {
    const current = { status: row.status, version: row.version }
    const stale = (await opsOf(op.packageId)).filter((next) => next.state === 'pending' && next.baseVersion === op.baseVersion)
    await db.outbox.bulkPut(stale.map((next) => ({ ...next, state: 'conflict' as const, ...(next.kind === 'set-status' ? { current } : {}) })))
    await writeServerRow(row, await opsOf(op.packageId))
  })
}

/** Refused (validation, permission, not found): kept with the server's message until the admin retries or discards it. */
export function settleRefused(op: QueuedOp, message: string): Promise<void> {
  return db.transaction('rw', db.packages, db.outbox, async () => {
    await db.outbox.update(op.seq!, { state: 'failed', lastError: message })
    await refreshOverlay(op.packageId)
  })
}

/** Not answered (offline, timeout, server trouble): tried again at `retryAt`. */
export async function settleRetryLater(op: QueuedOp, message: string, retryAt: number): Promise<void> {
  await db.outbox.update(op.seq!, { attempts: op.attempts + 1, lastError: message, nextAttemptAt: retryAt })
}
