import { db, isPackageOp, isPrealertOp, type AdvanceShipmentOp, type QueuedOp, type SaveArticleOp, type SaveFaqOp, type StatusOp } from '@/local-db/db'
import { assertOwner } from '@/local-db/owner'
import { forgetPackages, packageTables, readPackages, refreshPackages } from '@/local-db/package-store'
import { deleteQueuedOps } from '@/local-db/queued-ops'
import { newOpFields, notifyQueued } from './queue'

// The admin's answers to a conflict or a refusal: nothing leaves the outbox without one.

/** Applies the admin's status again, on the version the server has now, as a new op. */
export async function reapply(op: StatusOp): Promise<void> {
  await db.transaction('rw', [...packageTables, db.owner], async () => {
    await assertOwner(op.userId)
    const [local] = await readPackages([op.packageId])
    await db.outbox.delete(op.seq!)
    if (!local) return
    const again: StatusOp = { ...newOpFields(op.userId), packageId: op.packageId, baseVersion: Math.max(local.version, op.current?.version ?? 0), kind: 'set-status', status: op.status }
    await db.outbox.add(again)
    await refreshPackages([op.packageId])
  })
  notifyQueued()
}

/** Takes the admin's shipment step again, on the version the server has now, as a new op. */
export async function reapplyStep(op: AdvanceShipmentOp): Promise<void> {
  await db.transaction('rw', db.shipments, db.outbox, db.owner, async () => {
    await assertOwner(op.userId)
    const server = await db.shipments.get(op.shipmentId)
    await db.outbox.delete(op.seq!)
    const again: AdvanceShipmentOp = { ...newOpFields(op.userId), kind: 'advance-shipment', shipmentId: op.shipmentId, status: op.status, details: op.details, baseVersion: Math.max(server?.version ?? 0, op.current?.version ?? 0) }
    await db.outbox.add(again)
  })
  notifyQueued()
}

/** Keeps the admin's article or answer over the one saved meanwhile: the same save again, on the version the server has now, as a new op. */
export async function resendOnCurrent(op: SaveArticleOp | SaveFaqOp): Promise<void> {
  await db.transaction('rw', db.outbox, db.owner, async () => {
    await assertOwner(op.userId)
    await db.outbox.delete(op.seq!)
    const { seq: _seq, current, lastErrorKey: _lastErrorKey, ...rest } = op
    const again: SaveArticleOp | SaveFaqOp = { ...rest, ...newOpFields(op.userId), baseVersion: current?.version ?? op.baseVersion }
    await db.outbox.add(again)
  })
  notifyQueued()
}

/** Sends a refused op again as it was (the server recorded nothing for it). */
export async function retry(op: QueuedOp): Promise<void> {
  await db.transaction('rw', [...packageTables, db.owner], async () => {
    await assertOwner(op.userId)
    await db.outbox.update(op.seq!, { state: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null, lastErrorKey: null })
    if (isPackageOp(op)) await refreshPackages([op.packageId])
  })
  notifyQueued()
}

/**
 * Drops the change, waiting or refused: the screen shows what the server has. A registration takes
 * its package with it (and the changes queued on it, which could never be applied); a status change
 * leaves the package as the server has it. A prealert or a shipment the server never recorded goes
 * with all its changes; otherwise it stays as the server has it. A file waiting to upload goes with
 * its bytes, whichever of these takes it. Notifications marked read show unread again where the
 * server has them so.
 */
export async function discard(op: QueuedOp): Promise<void> {
  await db.transaction('rw', [...packageTables, db.prealerts, db.shipments, db.uploads, db.notifications, db.syncState, db.owner], async () => {
    await assertOwner(op.userId)
    if (op.kind === 'mark-notifications-read' && 'notificationIds' in op) await forgetLegacyReads(op.notificationIds)
    if (op.kind === 'register-package') {
      await deleteQueuedOps(db.outbox.where('packageId').equals(op.packageId))
      await forgetPackages([op.packageId])
      return
    }
    if (isPrealertOp(op) && !(await db.prealerts.get(op.prealertId))) {
      await deleteQueuedOps(db.outbox.where('prealertId').equals(op.prealertId))
      return
    }
    if (op.kind === 'request-shipment' && !(await db.shipments.get(op.shipmentId))) {
      await deleteQueuedOps(db.outbox.where('shipmentId').equals(op.shipmentId))
      return
    }
    await deleteQueuedOps(db.outbox.where('seq').equals(op.seq!))
    if (isPackageOp(op)) await refreshPackages([op.packageId])
  })
}

/**
 * Earlier versions of the app marked notifications read in the device's rows themselves, so what
 * the server has is not known here: they show unread until the notifications are pulled again from
 * the start, which brings back read the ones the server has read.
 */
async function forgetLegacyReads(ids: readonly string[]) {
  await db.notifications.where('id').anyOf([...ids]).modify({ read_at: null })
  await db.syncState.delete('notifications')
}

/** "Send now": every waiting op is due at once, whatever its backoff said. */
export async function sendNow(userId: string): Promise<void> {
  await db.transaction('rw', db.outbox, db.owner, async () => {
    await assertOwner(userId)
    await db.outbox.filter((op) => op.userId === userId && op.state === 'pending').modify({ nextAttemptAt: 0 })
  })
  notifyQueued()
}
