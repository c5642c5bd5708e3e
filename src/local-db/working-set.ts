import Dexie from 'dexie'
import { db, subjectOf, type LocalProfile, type SyncStream } from './db'
import { assertOwner, type DeviceOwner } from './owner'
import { trimChunkedPackages } from './package-chunks'
import { packageTables, storeServerPackages } from './package-store'
import type { PackageRow, PulledProfile } from './rows'

// An admin's device keeps the desk's working set (docs/architecture.md, "The admin's working set"):
// open packages, prealerts and shipments, whatever changed in the last 30 days, the directory of
// every customer, and what the admin opened from the history (packages, and customers' full
// profiles). The server's pulls send only that; rows leave it only as time passes, so the device
// drops them itself, by the same rule.

const day = 24 * 60 * 60 * 1000
/** What the pulls call recent (public.working_set_since()). */
export const recentMs = 30 * day
/**
 * A device away this long may hold rows that left the working set while it was away: their last
 * change is older than 30 days, so no pull will bring it. It starts its copy over instead.
 */
export const staleCopyMs = 25 * day
const streams: SyncStream[] = ['directory', 'profiles', 'packages', 'prealerts', 'shipments', 'closed-packages', 'closed-prealerts', 'closed-shipments']

/** Ids of rows with changes still in the outbox: never dropped, whatever their age. */
async function queuedSubjects(): Promise<Set<string>> {
  return new Set((await db.outbox.toArray()).map(subjectOf))
}

/**
 * Drops what has left the working set: delivered packages, received or cancelled prealerts and
 * delivered or cancelled shipments unchanged for 30 days, customers' full profiles not opened in
 * that time (the directory names every customer), and the record of what was opened more than 30
 * days ago. Rows with queued changes, and what the admin opened recently, stay. Returns how many
 * rows left.
 *
 * It reads index keys, and whole rows only of the few it may drop: on a phone holding twenty
 * thousand rows, walking them with a cursor takes seconds.
 */
export async function trimWorkingSet(owner: DeviceOwner, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - recentMs).toISOString()
  return db.transaction('rw', [db.packages, db.packageChunks, db.prealerts, db.shipments, db.profiles, db.opened, db.outbox, db.owner], async () => {
    await assertOwner(owner)
    await db.opened.where('openedAt').below(now - recentMs).delete()
    const kept = await queuedSubjects()
    for (const id of await db.opened.toCollection().primaryKeys()) kept.add(id)
    kept.add(owner.userId)
    const droppable = (id: string) => !kept.has(id)
    const old = <Row extends { id: string; updated_at: string }>(row: Row | undefined): row is Row => row !== undefined && row.updated_at < cutoff
    /** Of rows in a closed state (their keys, from an index on it), those unchanged since the cutoff, but for those kept. */
    const unchanged = async <Row extends { id: string; updated_at: string }>(ids: string[], read: (ids: string[]) => Promise<(Row | undefined)[]>) =>
      (await read(ids.filter(droppable))).filter(old).map((row) => row.id)

    const packages = (await db.packages.where('[status+updated_at]').between(['entregado', Dexie.minKey], ['entregado', cutoff]).primaryKeys()).filter(droppable)
    const prealerts = await unchanged(await db.prealerts.where('state').anyOf('received', 'cancelled').primaryKeys(), (ids) => db.prealerts.bulkGet(ids))
    const shipments = await unchanged(await db.shipments.where('status').anyOf('delivered', 'cancelled').primaryKeys(), (ids) => db.shipments.bulkGet(ids))
    const profiles = (await db.profiles.where('role').equals('user').primaryKeys()).filter(droppable)
    const chunked = await trimChunkedPackages(cutoff, (id) => !droppable(id))
    await Promise.all([db.packages.bulkDelete(packages), db.prealerts.bulkDelete(prealerts), db.shipments.bulkDelete(shipments), db.profiles.bulkDelete(profiles)])
    return packages.length + chunked + prealerts.length + shipments.length + profiles.length
  })
}

/**
 * Whether the admin's copy is too old to bring up to date (see staleCopyMs); if so it starts over:
 * every row without queued changes goes, with the checkpoints, and the next pull brings the working set.
 */
export async function startOverIfStale(owner: DeviceOwner, now = Date.now()): Promise<boolean> {
  return db.transaction('rw', [...db.dataTables, db.owner], async () => {
    await assertOwner(owner)
    const synced = await db.syncState.get('packages')
    if (synced?.userId !== owner.userId || synced.syncedAt === null || now - synced.syncedAt < staleCopyMs) return false
    const kept = await queuedSubjects()
    const unqueued = (id: string) => !kept.has(id)
    await Promise.all([db.packages, db.prealerts, db.shipments].map(async (table) => table.bulkDelete((await table.toCollection().primaryKeys()).filter(unqueued))))
    await db.profiles.where('id').notEqual(owner.userId).delete()
    await db.directory.clear()
    await db.packageChunks.clear()
    await db.syncState.bulkDelete(streams)
    return true
  })
}

/**
 * Rows fetched from the server outside the pulls (a search of the history, a customer opened):
 * packages kept as rows where the device holds none as new (one it holds is kept current by the
 * pulls and may be newer than this answer); full profiles as fetched. `opened` ids are kept on the device for 30 days.
 */
export async function keepFetched(owner: DeviceOwner | string, fetched: { packages?: PackageRow[]; profiles?: PulledProfile[]; opened?: string[] }, now = Date.now()) {
  await db.transaction('rw', [...packageTables, db.profiles, db.opened, db.owner], async () => {
    await assertOwner(owner)
    const profiles = (fetched.profiles ?? []).flatMap((row): LocalProfile[] => {
      if (row.deleted_at !== null) return []
      const { deleted_at: _, ...profile } = row
      return [profile]
    })
    await storeServerPackages(fetched.packages ?? [], 'rows', { keepNewer: true })
    // No pull keeps a customer's full profile current: the newest fetched is the one to keep.
    await db.profiles.bulkPut(profiles)
    await db.opened.bulkPut((fetched.opened ?? []).map((id) => ({ id, openedAt: now })))
  })
}
