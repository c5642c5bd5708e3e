import { db, isPackageOp, type LocalPackage, type PackageOp, type SyncStream } from './db'
import { serverRowOf, withPendingOps } from './overlay'
import type { DeviceOwner } from './owner'
import { changeChunks, readChunkedPackages } from './package-chunks'
import { putInSteps, writePulledPage } from './pulled-page'
import type { PackageRow } from './rows'

// Where the device keeps a package: a row of `packages`, or in the chunks (package-chunks.ts), never
// both. Every write that puts a package on the device goes through storeServerPackages, which takes
// it out of the other place in the same transaction, so the rule holds for every writer, and the
// lists, counts and bulk actions, which read both places, see each package once. What takes packages
// off (forgetPackages, the trim, starting over) leaves none in either.

/** The tables a write of packages holds: both places, and the outbox whose changes lay over a row. */
export const packageTables = [db.packages, db.packageChunks, db.outbox]

/** A package as the server has it (version 0: registered here, not sent yet); with `deleted_at`, a tombstone. */
export type ServerPackage = Omit<LocalPackage, 'serverStatus'> & { deleted_at?: string | null }

/** Where a package goes: a row, or the chunks (an admin's closed part, a customer's every package). */
export type PackagePlace = 'rows' | 'chunks'

/** The package ops queued on these packages, by package, each in creation order. */
async function queuedOn(ids: readonly string[]): Promise<Map<string, PackageOp[]>> {
  const ops = (await db.outbox.where('packageId').anyOf([...ids]).toArray()).filter(isPackageOp).sort((a, b) => a.seq! - b.seq!)
  const byPackage = new Map<string, PackageOp[]>()
  for (const op of ops) {
    const queued = byPackage.get(op.packageId)
    if (queued) queued.push(op)
    else byPackage.set(op.packageId, [op])
  }
  return byPackage
}

/**
 * Stores packages as the server has them, in a transaction of its own or the caller's, which must
 * hold packageTables (Dexie refuses a sub-transaction on tables its parent lacks). Each package ends
 * in one place: a tombstone takes it off the device; one with changes queued on this device is a row
 * with them on top (a closed one changed here leaves the chunks, so its change lays over it as over
 * any row); any other goes to `place`, out of the other.
 *
 * With `keepNewer` (answers to this device's changes, rows fetched outside the pulls, the rows shown
 * again), a copy already here at least as new stays where it is, under the changes still queued. A
 * pull's rows replace what is here: a page fetched before a push was answered may briefly put back
 * the older row, which the pull after the push brings again; comparing would read every row of every page.
 */
export function storeServerPackages(packages: readonly ServerPackage[], place: PackagePlace, { keepNewer = false } = {}): Promise<void> {
  return db.transaction('rw', packageTables, async () => {
    const incoming = [...new Map(packages.map((pkg) => [pkg.id, pkg])).values()]
    const ids = incoming.map((pkg) => pkg.id)
    const [queued, chunked, heldRows] = await Promise.all([queuedOn(ids), readChunkedPackages(), keepNewer ? db.packages.bulkGet(ids) : []])
    const rows: LocalPackage[] = []
    const chunks: LocalPackage[] = []
    const gone: string[] = []
    incoming.forEach(({ deleted_at, ...pkg }, i) => {
      if (deleted_at) return void gone.push(pkg.id)
      const row = heldRows[i]
      const here = keepNewer ? (row ?? chunked.get(pkg.id)) : undefined
      const stays = here !== undefined && here.version >= pkg.version
      const server = stays ? serverRowOf(here) : pkg
      const ops = queued.get(pkg.id)
      if (ops) rows.push(withPendingOps(server, ops))
      else if (!stays) (place === 'rows' ? rows : chunks).push(pkg)
      // A row is written again without the changes no longer queued; a chunked copy stays as it is.
      else if (row) rows.push(server)
    })
    // Every row's key at once: far cheaper than asking for a thousand that are mostly not there.
    const rowKeys = chunks.length > 0 ? new Set(await db.packages.toCollection().primaryKeys()) : new Set()
    await Promise.all([
      putInSteps(db.packages, rows),
      db.packages.bulkDelete([...gone, ...chunks.map((pkg) => pkg.id).filter((id) => rowKeys.has(id))]),
      changeChunks(chunks, [...gone, ...rows.map((pkg) => pkg.id)]),
    ])
  })
}

/** Takes packages off the device, wherever it holds them (in a transaction holding packageTables, or none). */
export function forgetPackages(ids: readonly string[]): Promise<void> {
  return db.transaction('rw', packageTables, () => Promise.all([db.packages.bulkDelete([...ids]), changeChunks([], ids)]).then(() => {}))
}

/**
 * The packages shown again after their queued changes changed (queued, answered, sent again,
 * discarded): each where it is, with the changes now pending on top (in a transaction holding
 * packageTables, or none).
 */
export async function refreshPackages(ids: readonly string[]): Promise<void> {
  const here = (await readPackages(ids)).filter((pkg) => pkg !== undefined)
  await storeServerPackages(here.map(serverRowOf), 'rows', { keepNewer: true })
}

/**
 * Deleted customers' packages (rows and chunked alike), prealerts and shipments leave this device,
 * in the caller's transaction (holding packageTables, prealerts and shipments): the server deleted
 * them with the customer, which leaves no tombstones of their own.
 */
export async function forgetCustomers(userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return
  const gone = new Set(userIds)
  const [rows, chunked] = await Promise.all([db.packages.where('user_id').anyOf([...userIds]).primaryKeys(), readChunkedPackages()])
  await Promise.all([
    forgetPackages([...rows, ...chunked.newest.filter((pkg) => gone.has(pkg.user_id)).map((pkg) => pkg.id)]),
    db.prealerts.where('user_id').anyOf([...userIds]).delete(),
    db.shipments.where('user_id').anyOf([...userIds]).delete(),
  ])
}

const pulledInto = (place: PackagePlace) => (stream: SyncStream, owner: DeviceOwner, rows: PackageRow[], checkpoint: string | null) =>
  writePulledPage(stream, owner, checkpoint, () => storeServerPackages(rows, place), packageTables)

/** A page of an admin's open part: rows (a package reopened leaves the chunks). */
export const applyPulledPackagesToRows = pulledInto('rows')

/** A page of the part that closed lately (an admin's), or of a customer's packages: into the chunks (a row pulled there leaves the rows). */
export const applyPulledPackagesToChunks = pulledInto('chunks')

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
