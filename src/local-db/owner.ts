import { db, isUploadOp, type DeviceOwner } from './db'
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
 * `userId`'s session begins on this device. The data stays theirs if it already was (a session
 * restored after a reload) and was pulled as `role`; begun as another role, it starts over (see
 * `startOverIfRoleChanged`). Otherwise the previous person's read model leaves, their queued work is
 * set aside (`keptWork`: neither sent nor shown while someone else holds the device), `userId`'s
 * own set-aside work comes back, and a new generation starts, so whatever was still on its way for
 * the previous session is dropped. `role` is kept as the role the data is pulled as.
 */
export function takeOwnership(userId: string, role?: Role): Promise<DeviceOwner> {
  return db.transaction('rw', [...db.dataTables, db.owner], async () => {
    const current = await db.owner.get(ownerKey)
    if (current?.userId === userId) {
      if (role && current.role !== role) await startOverAs(userId, role, current.role !== undefined)
      return { userId, generation: current.generation }
    }
    await Promise.all(db.readModelTables.map((table) => table.clear()))
    await setAsideWorkBut(userId)
    await bringBackWorkOf(userId)
    const owner = { userId, generation: crypto.randomUUID() }
    await db.owner.put({ key: ownerKey, ...owner, role })
    return owner
  })
}

/** Everyone's queued work but `userId`'s leaves the outbox and the drafts, for `keptWork`. */
async function setAsideWorkBut(userId: string): Promise<void> {
  const ops = db.outbox.filter((op) => op.userId !== userId)
  const drafts = db.articleDrafts.filter((draft) => draft.userId !== userId)
  await db.keptWork.bulkAdd([...(await ops.toArray()).map((op) => ({ userId: op.userId, op })), ...(await drafts.toArray()).map((draft) => ({ userId: draft.userId, draft }))])
  await Promise.all([ops.delete(), drafts.delete()])
}

/** `userId`'s set-aside work goes back where it was: each op with its sequence number, so it is sent in the order it was made. */
async function bringBackWorkOf(userId: string): Promise<void> {
  const kept = db.keptWork.where('userId').equals(userId)
  const work = await kept.toArray()
  await db.outbox.bulkPut(work.flatMap((item) => ('op' in item ? [item.op] : [])))
  await db.articleDrafts.bulkPut(work.flatMap((item) => ('draft' in item ? [item.draft] : [])))
  await kept.delete()
}

/**
 * The data on the device was pulled as another role than `role`: what that role held leaves (the
 * pulled rows but the person's own profile, the checkpoints, an admin's saved reports and opened
 * history), so the next pull brings everything `role` may see from the start. The person's own
 * queued work stays. Call it in a transaction over the data tables and the owner.
 */
async function startOverAs(userId: string, role: Role, dropData: boolean): Promise<void> {
  if (dropData) {
    const own = await db.profiles.get(userId)
    await Promise.all(db.readModelTables.map((table) => table.clear()))
    if (own) await db.profiles.put(own)
  }
  await db.owner.update(ownerKey, { role })
}

/** The role the device's data was pulled as, and the role the person's pulled profile says (that one, if none was pulled yet). */
async function rolesOf(userId: string): Promise<{ pulledAs: Role | undefined; now: Role | undefined }> {
  const [row, profile] = await Promise.all([db.owner.get(ownerKey), db.profiles.get(userId)])
  const pulledAs = row?.userId === userId ? row.role : undefined
  return { pulledAs, now: profile?.role ?? pulledAs }
}

/**
 * The role `owner`'s data is to be pulled as: the role their profile had when last pulled. If the
 * data on the device was pulled as another one (a customer made staff, an admin made a customer),
 * it starts over first (`startOverAs`). Call it before a pull, with none under way.
 */
export async function startOverIfRoleChanged(owner: DeviceOwner): Promise<Role> {
  const seen = await rolesOf(owner.userId)
  // Asked before every pull: the write transaction, which screens' reads would wait behind, only for a change.
  if (seen.now && seen.now === seen.pulledAs) return seen.now
  return db.transaction('rw', [...db.dataTables, db.owner], async () => {
    await assertOwner(owner)
    const { pulledAs, now = 'user' } = await rolesOf(owner.userId)
    if (pulledAs !== now) await startOverAs(owner.userId, now, pulledAs !== undefined)
    return now
  })
}

/** Whether the role `owner`'s profile says differs from the one the device's data was pulled as: a pull that brought a new role is followed by one as it. */
export async function roleChanged(owner: DeviceOwner): Promise<boolean> {
  const { pulledAs, now } = await rolesOf(owner.userId)
  return pulledAs !== undefined && now !== pulledAs
}

/**
 * How many changes `userId` queued on this device in an earlier session wait there to be sent: set
 * aside while someone else held the device, or left when their session ended on its own. Ask it
 * before their session takes the device (see `takeOwnership`), to tell them.
 */
export async function workWaitingFor(userId: string): Promise<number> {
  const [queued, kept] = await Promise.all([db.outbox.filter((op) => op.userId === userId).count(), db.keptWork.where('userId').equals(userId).filter((item) => 'op' in item).count()])
  return queued + kept
}

/** The role the device's data was pulled as, if the device is `userId`'s: a reload restores their session with it until their profile is on the device. */
export async function readOwnerRole(userId: string): Promise<Role | undefined> {
  const row = await db.owner.get(ownerKey)
  return row?.userId === userId ? row.role : undefined
}

/**
 * Nobody owns the data any more, and the read model goes in the same transaction. Queued work stays
 * for its owner (a session that ended on its own: it is sent when they sign in again), unless
 * `discardWork`: signing out, after the warning about unsent changes, takes the signed-out
 * person's work with it. Anyone else's set-aside work always stays.
 */
export function releaseOwnership({ discardWork }: { discardWork: boolean }): Promise<void> {
  return db.transaction('rw', [...db.dataTables, db.owner], async () => {
    const owner = await db.owner.get(ownerKey)
    await db.owner.clear()
    await Promise.all(db.readModelTables.map((table) => table.clear()))
    if (discardWork && owner) await discardWorkOf(owner.userId)
  })
}

/** `userId`'s queued work leaves the device: unsent changes, the bytes of their files, drafts, and what was set aside. Call it in a transaction over the data tables. */
async function discardWorkOf(userId: string): Promise<void> {
  await deleteQueuedOps(db.outbox.filter((op) => op.userId === userId))
  await db.articleDrafts.filter((draft) => draft.userId === userId).delete()
  const kept = db.keptWork.where('userId').equals(userId)
  await db.uploads.bulkDelete((await kept.toArray()).flatMap((item) => ('op' in item && isUploadOp(item.op) ? [item.op.opId] : [])))
  await kept.delete()
}
