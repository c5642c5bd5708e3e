import { db, isPackageOp, isShipmentOp, type PackageOp, type PrealertOp, type QueuedOp, type ShipmentOp } from '@/local-db/db'
import { opsOf, refreshOverlay, serverRowOf, withPendingOps } from '@/local-db/overlay'
import { assertOwner, type DeviceOwner } from '@/local-db/owner'
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
  | { op: QueuedOp; outcome: 'refused'; message: string }
  | { op: QueuedOp; outcome: 'retry'; message: string; retryAt: number }

/**
 * A round of answers, recorded in one transaction: the screens redraw once for all of them. Answers
 * that arrive after `owner`'s session ended throw NotOwnerError and record nothing (the server kept
 * them: the same user's next session sends those ops again and gets the same answers).
 */
export function settleAll(owner: DeviceOwner, settlements: readonly Settlement[]): Promise<void> {
  return db.transaction('rw', db.packages, db.prealerts, db.shipments, db.outbox, db.owner, async () => {
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
        case 'superseded':
          if (isShipmentOp(settlement.op)) await settleShipmentSuperseded(settlement.op, settlement.row as ShipmentRow)
          else await settleSuperseded(settlement.op, settlement.row as PackageRow)
          break
        case 'refused':
          await settleRefused(settlement.op, settlement.message)
          break
        case 'retry':
          await settleRetryLater(settlement.op, settlement.message, settlement.retryAt)
      }
    }
  })
}

/** The server's row, under this device's remaining pending ops; never replacing a newer row already here. */
async function writeServerRow({ deleted_at, ...row }: PackageRow, ops: readonly PackageOp[]) {
  if (deleted_at) return db.packages.delete(row.id)
  const local = await db.packages.get(row.id)
  const newest = local && local.version > row.version ? serverRowOf(local) : row
  await db.packages.put(withPendingOps(newest, ops))
}

/** Recorded by the server: the op leaves the outbox, and later ops on the package build on the version it made. */
function settleApplied(op: PackageOp, row: PackageRow): Promise<void> {
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
function settleSuperseded(op: PackageOp, row: PackageRow): Promise<void> {
  return db.transaction('rw', db.packages, db.outbox, async () => {
    const current = { status: row.status, version: row.version }
    const stale = (await opsOf(op.packageId)).filter((next) => next.state === 'pending' && next.baseVersion === op.baseVersion)
    await db.outbox.bulkPut(stale.map((next) => ({ ...next, state: 'conflict' as const, ...(next.kind === 'set-status' ? { current } : {}) })))
    await writeServerRow(row, await opsOf(op.packageId))
  })
}

/** Refused (validation, permission, not found): kept with the server's message until the admin retries or discards it. */
function settleRefused(op: QueuedOp, message: string): Promise<void> {
  return db.transaction('rw', db.packages, db.outbox, async () => {
    await db.outbox.update(op.seq!, { state: 'failed', lastError: message })
    if (isPackageOp(op)) await refreshOverlay(op.packageId)
  })
}

/**
 * A prealert change recorded by the server: the op leaves the outbox and the prealert is the
 * server's (screens lay the remaining pending ops over it as they read, see prealert-overlay.ts).
 */
async function settleRecorded(op: PrealertOp, row: PrealertRow): Promise<void> {
  await db.outbox.delete(op.seq!)
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

/** The shipment moved on since the admin saw it: this step, and later ones made on the same version, wait for the admin. */
async function settleShipmentSuperseded(op: ShipmentOp, row: ShipmentRow): Promise<void> {
  const current = { status: row.status, version: row.version }
  await db.outbox.bulkPut([op, ...(await laterStepsOn(op))].map((stale) => ({ ...stale, state: 'conflict' as const, current })))
  await writeShipment(row)
}

/** Not answered (offline, timeout, server trouble): tried again at `retryAt`. */
async function settleRetryLater(op: QueuedOp, message: string, retryAt: number): Promise<void> {
  await db.outbox.update(op.seq!, { attempts: op.attempts + 1, lastError: message, nextAttemptAt: retryAt })
}
