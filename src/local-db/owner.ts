import { db, type DeviceOwner } from './db'
import type { Role } from './rows'
import { deleteQueuedOps } from './queued-ops'

export type { DeviceOwner }

/**
 * A write made for someone who no longer owns this device's data: the user signed out, or another
 * user (or the same one, signing in again) took the device while a pull page or an answer was on
 * its way. It is dropped whole, never half-written.
 */
export class NotOwnerError extends Error {
  constructor() {
    super('This device’s data now belongs to another session; the write was dropped.')
    this.name = 'NotOwnerError'
  }
}

const ownerKey = 'owner'

/** Whose data this device holds, if anyone's. */
export async function readOwner(): Promise<DeviceOwner | null> {
  const row = await db.owner.get(ownerKey)
  return row ? { userId: row.userId, generation: row.generation } : null
}

/**
 * Throws NotOwnerError unless `owner` (a user id and the sign-in it came with, or a user id alone
 * for writes a screen makes) still owns the data. Call it inside the write's transaction, which must
 * include `db.owner`: a sign-out that lands before the write makes the write throw, one that lands
 * after finds it complete.
 */
export async function assertOwner(owner: DeviceOwner | string): Promise<void> {
  const current = await db.owner.get(ownerKey)
  const userId = typeof owner === 'string' ? owner : owner.userId
  if (current?.userId !== userId || (typeof owner !== 'string' && current.generation !== owner.generation)) throw new NotOwnerError()
}

/**
 * `userId`'s session begins on this device, as `role` when given (kept for restoring it: see
 * `readLocalRole`). The data stays theirs if it already was (a session restored after a reload);
 * otherwise another user's read model and unsent changes (queued files' bytes too) leave first, and
 * a new generation starts, so whatever was still on its way for the previous session is dropped.
 */
export function takeOwnership(userId: string, role?: Role): Promise<DeviceOwner> {
  return db.transaction('rw', [...db.dataTables, db.owner], async () => {
    const current = await db.owner.get(ownerKey)
    if (current?.userId === userId) {
      if (role && current.role !== role) await db.owner.update(ownerKey, { role })
      return { userId, generation: current.generation }
    }
    await Promise.all(db.readModelTables.map((table) => table.clear()))
    await deleteQueuedOps(db.outbox.filter((op) => op.userId !== userId))
    await db.articleDrafts.filter((draft) => draft.userId !== userId).delete()
    const owner = { userId, generation: crypto.randomUUID() }
    await db.owner.put({ key: ownerKey, ...owner, role })
    return owner
  })
}

/** The role `userId`'s session on this device began with, if the device is theirs. */
export async function readOwnerRole(userId: string): Promise<Role | undefined> {
  const row = await db.owner.get(ownerKey)
  return row?.userId === userId ? row.role : undefined
}

/**
 * Nobody owns the data any more, and it goes in the same transaction: the read model always, unsent
 * changes (and the bytes of queued files, and drafts typed here) unless they are `keepOpsOf`'s (a session that ended on its own keeps them for when the same
 * user signs in again; signing out does not).
 */
export function releaseOwnership(keepOpsOf: string | null): Promise<void> {
  return db.transaction('rw', [...db.dataTables, db.owner], async () => {
    await db.owner.clear()
    await Promise.all(db.readModelTables.map((table) => table.clear()))
    await deleteQueuedOps(keepOpsOf === null ? db.outbox.toCollection() : db.outbox.filter((op) => op.userId !== keepOpsOf))
    await db.articleDrafts.filter((draft) => draft.userId !== keepOpsOf).delete()
  })
}
