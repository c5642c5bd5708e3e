import { db, isPackageOp, type LocalPackage, type NewPackage, type PackageOp, type QueuedOp, type RegisterOp, type StatusOp } from '@/local-db/db'
import { serverRowOf, withPendingOps } from '@/local-db/overlay'
import { assertOwner } from '@/local-db/owner'
import { takeChunkedPackages } from '@/local-db/package-store'
import type { PackageStatus } from '@/local-db/rows'

const listeners = new Set<() => void>()

/** Adds ops for `userId`, who must own the device's data (a screen left over from a signed-out session cannot queue). */
export async function addOps(userId: string, ops: readonly QueuedOp[]): Promise<void> {
  await db.transaction('rw', db.outbox, db.owner, async () => {
    await assertOwner(userId)
    await db.outbox.bulkAdd([...ops])
  })
  notifyQueued()
}

/** Called after every queued change: the sync engine sends it, the service worker is asked to as well. */
export function onQueued(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function notifyQueued(): void {
  for (const listener of listeners) listener()
}

/** The fields every new op starts with: a fresh op id, pending, never tried. */
export function newOpFields(userId: string) {
  return {
    opId: crypto.randomUUID(),
    userId,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    createdAt: new Date().toISOString(),
  } satisfies Partial<QueuedOp>
}

/** Ops grouped by package, each group in creation order. */
function byPackage(ops: readonly PackageOp[]): Map<string, PackageOp[]> {
  const groups = new Map<string, PackageOp[]>()
  for (const op of [...ops].sort((a, b) => a.seq! - b.seq!)) {
    const group = groups.get(op.packageId)
    if (group) group.push(op)
    else groups.set(op.packageId, [op])
  }
  return groups
}

/**
 * Sets these packages' status on this device at once and queues one op per package for the server,
 * in one transaction: the screen and the outbox never disagree. Packages already at that status are
 * left alone. Returns how many changed.
 */
export async function queueStatusChanges(userId: string, packageIds: readonly string[], status: PackageStatus): Promise<number> {
  const changed = await db.transaction('rw', [db.packages, db.packageChunks, db.outbox, db.owner], async () => {
    await assertOwner(userId)
    // A chunked package changed here becomes a row, so its change lays over it as over any other.
    const changing = (row: LocalPackage | undefined): row is LocalPackage => row !== undefined && row.status !== status
    const held = await db.packages.bulkGet([...packageIds])
    const rows = [...held.filter(changing), ...(await takeChunkedPackages(packageIds.filter((_, i) => !held[i]), changing))]
    const ops: StatusOp[] = rows.map((row) => ({ ...newOpFields(userId), packageId: row.id, baseVersion: row.version, kind: 'set-status', status }))
    await db.outbox.bulkAdd(ops)
    const queued = byPackage((await db.outbox.where('packageId').anyOf(rows.map((row) => row.id)).toArray()).filter(isPackageOp))
    await db.packages.bulkPut(rows.map((row) => withPendingOps(serverRowOf(row), queued.get(row.id) ?? [])))
    return ops.length
  })
  if (changed > 0) notifyQueued()
  return changed
}

/**
 * Registers a package on this device at once (version 0: not yet on the server) and queues its
 * registration. Its id and public token are chosen here, so a replay can never create a second one.
 */
export async function queueRegistration(userId: string, pkg: NewPackage): Promise<LocalPackage> {
  const id = crypto.randomUUID()
  const now = new Date().toISOString()
  const row: LocalPackage = { id, ...pkg, version: 0, created_at: now, updated_at: now, events: [] }
  await db.transaction('rw', db.packages, db.outbox, db.owner, async () => {
    await assertOwner(userId)
    const op: RegisterOp = { ...newOpFields(userId), packageId: id, baseVersion: 0, kind: 'register-package', package: pkg }
    await db.outbox.add(op)
    await db.packages.add(row)
  })
  notifyQueued()
  return row
}
