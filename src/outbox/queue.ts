import { db, type LocalPackage, type NewPackage, type QueuedOp, type RegisterOp, type StatusOp } from '@/local-db/db'
import { serverRowOf } from '@/local-db/overlay'
import { assertOwner } from '@/local-db/owner'
import { packageTables, readPackages, storeServerPackages } from '@/local-db/package-store'
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

/**
 * Sets these packages' status on this device at once and queues one op per package for the server,
 * in one transaction: the screen and the outbox never disagree. Packages already at that status are
 * left alone. Returns how many changed.
 */
export async function queueStatusChanges(userId: string, packageIds: readonly string[], status: PackageStatus): Promise<number> {
  const changed = await db.transaction('rw', [...packageTables, db.owner], async () => {
    await assertOwner(userId)
    const rows = (await readPackages([...new Set(packageIds)])).filter((row): row is LocalPackage => row !== undefined && row.status !== status)
    const ops: StatusOp[] = rows.map((row) => ({ ...newOpFields(userId), packageId: row.id, baseVersion: row.version, kind: 'set-status', status }))
    await db.outbox.bulkAdd(ops)
    // A chunked package changed here becomes a row, so its change lays over it as over any other.
    await storeServerPackages(rows.map(serverRowOf), 'rows')
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
  await db.transaction('rw', [...packageTables, db.owner], async () => {
    await assertOwner(userId)
    const op: RegisterOp = { ...newOpFields(userId), packageId: id, baseVersion: 0, kind: 'register-package', package: pkg }
    await db.outbox.add(op)
    await storeServerPackages([row], 'rows')
  })
  notifyQueued()
  return row
}
