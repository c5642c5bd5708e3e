import { db, isPackageOp, type LocalPackage, type SyncStream } from './db'
import { withPendingOps } from './overlay'
import type { DeviceOwner } from './owner'
import { changeChunks, readChunkedPackages } from './package-chunks'
import { writePulledPage } from './pulled-page'
import type { PackageRow } from './rows'
import { writePackageRows } from './writes'

// Where the device keeps a package: a row of `packages`, or in the chunks (package-chunks.ts), never both.

/**
 * Deleted customers' packages (rows and chunked alike), prealerts and shipments leave this device,
 * in the caller's transaction (holding those tables): the server deleted them with the customer,
 * which leaves no tombstones of their own.
 */
export async function forgetCustomers(userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return
  const gone = new Set(userIds)
  const chunked = (await readChunkedPackages()).newest.filter((pkg) => gone.has(pkg.user_id)).map((pkg) => pkg.id)
  await Promise.all([
    db.packages.where('user_id').anyOf(userIds).delete(),
    db.prealerts.where('user_id').anyOf(userIds).delete(),
    db.shipments.where('user_id').anyOf(userIds).delete(),
    changeChunks([], chunked),
  ])
}

/**
 * A page of the closed part's pull (an admin's), or of a customer's packages: its packages stored in
 * the chunks, but a deleted one, which leaves, and one with changes queued on this device, which stays
 * a row with its changes on top. One that was a row (open until now, or opened from the history) leaves the rows.
 */
export function applyPulledPackagesToChunks(stream: SyncStream, owner: DeviceOwner, rows: PackageRow[], checkpoint: string | null): Promise<void> {
  return writePulledPage(stream, owner, checkpoint, async () => {
    const ops = (await db.outbox.toArray()).filter(isPackageOp)
    const queued = new Set(ops.map((op) => op.packageId))
    const chunked: LocalPackage[] = []
    const changedHere: LocalPackage[] = []
    const deleted: string[] = []
    for (const { deleted_at, ...row } of rows) {
      if (deleted_at) deleted.push(row.id)
      else if (queued.has(row.id)) changedHere.push(withPendingOps(row, ops))
      else chunked.push(row)
    }
    // Every row's key at once: far cheaper than asking for a thousand that are mostly not there.
    const held = new Set(await db.packages.toCollection().primaryKeys())
    await db.packages.bulkDelete([...deleted, ...chunked.map((row) => row.id)].filter((id) => held.has(id)))
    await db.packages.bulkPut(changedHere)
    await changeChunks(chunked, [...deleted, ...changedHere.map((row) => row.id)])
  }, [db.packages, db.packageChunks, db.outbox])
}

/** A page of the open part's pull (an admin's): rows; a package reopened leaves the chunks. */
export function applyPulledPackagesToRows(stream: SyncStream, owner: DeviceOwner, rows: PackageRow[], checkpoint: string | null): Promise<void> {
  return writePulledPage(stream, owner, checkpoint, async () => {
    await writePackageRows(rows)
    await changeChunks([], rows.map((row) => row.id))
  }, [db.packages, db.packageChunks, db.outbox])
}

/**
 * Packages by id wherever the device holds them, in the order asked (undefined where it holds none),
 * inside a transaction holding packages and packageChunks, or none.
 */
export async function readPackages(ids: readonly string[]): Promise<(LocalPackage | undefined)[]> {
  const rows = await db.packages.bulkGet([...ids])
  if (rows.every((row) => row !== undefined)) return rows
  const chunked = await readChunkedPackages()
  return rows.map((row, i) => row ?? chunked.get(ids[i]!))
}

/**
 * Chunked packages about to be changed on this device (those of `ids` held there that `changing`
 * selects), taken out of the chunks to become rows, in the caller's transaction, which puts them into
 * `packages` (with packages and packageChunks in it).
 */
export async function takeChunkedPackages(ids: readonly string[], changing: (pkg: LocalPackage) => boolean): Promise<LocalPackage[]> {
  const chunked = await readChunkedPackages()
  const taken = ids.flatMap((id) => {
    const pkg = chunked.get(id)
    return pkg && changing(pkg) ? [pkg] : []
  })
  await changeChunks([], taken.map((pkg) => pkg.id))
  return taken
}
