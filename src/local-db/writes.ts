import { db, type LocalProfile, type SyncState, type SyncStream } from './db'
import { keepCustomers, readDirectory } from './directory'
import { assertOwner, type DeviceOwner } from './owner'
import { forgetCustomers, packageTables } from './package-store'
import { writePulledPage as applyPage, putInSteps } from './pulled-page'
import type { NotificationRow, PrealertRow, ProfileRow, PulledProfile, ShipmentRow } from './rows'

/** A stream's stored pull checkpoint, or null when there is none for this user (a fresh start). */
export async function readSyncState(stream: SyncStream, userId: string): Promise<SyncState | null> {
  const state = await db.syncState.get(stream)
  return state?.userId === userId ? state : null
}

/**
 * Pulled profiles (with their locker codes): upserts, and tombstones delete. A deleted customer's
 * packages, prealerts and shipments went with them on the server (a cascade, which leaves no
 * tombstones of their own), so here too, as when the directory says so.
 */
export function applyPulledProfiles(stream: SyncStream, owner: DeviceOwner, rows: PulledProfile[], checkpoint: string | null): Promise<void> {
  return applyPage(stream, owner, checkpoint, async () => {
    const live: LocalProfile[] = []
    const deleted: string[] = []
    for (const row of rows) {
      if (row.deleted_at !== null) deleted.push(row.id)
      else {
        const { deleted_at: _, ...profile } = row
        live.push(profile)
      }
    }
    await putInSteps(db.profiles, live)
    await db.profiles.bulkDelete(deleted)
    await forgetCustomers(deleted)
  }, [db.profiles, ...packageTables, db.prealerts, db.shipments])
}

/** Pulled prealerts: upserts (a cancelled or received prealert stays, with its state). */
export function applyPulledPrealerts(stream: SyncStream, owner: DeviceOwner, rows: PrealertRow[], checkpoint: string | null): Promise<void> {
  return applyPage(stream, owner, checkpoint, () => putInSteps(db.prealerts, rows), [db.prealerts])
}

/** Pulled shipments: upserts (a delivered or cancelled shipment stays, with its status). */
export function applyPulledShipments(stream: SyncStream, owner: DeviceOwner, rows: ShipmentRow[], checkpoint: string | null): Promise<void> {
  return applyPage(stream, owner, checkpoint, () => putInSteps(db.shipments, rows), [db.shipments])
}

/**
 * Pulled notifications: upserts, as the server has them. One this device marked read stays read on
 * screen while the server has not heard so yet: its op lays the mark over the row when read
 * (notification-overlay.ts).
 */
export function applyPulledNotifications(stream: SyncStream, owner: DeviceOwner, rows: NotificationRow[], checkpoint: string | null): Promise<void> {
  return applyPage(stream, owner, checkpoint, () => putInSteps(db.notifications, rows), [db.notifications])
}

/** Marks a complete pull of a stream (every page applied; a stream with nothing to send yet is complete too). */
export async function markSynced(stream: SyncStream, owner: DeviceOwner, at: number): Promise<void> {
  await db.transaction('rw', db.syncState, db.owner, async () => {
    await assertOwner(owner)
    const state = await db.syncState.get(stream)
    await db.syncState.put({ key: stream, userId: owner.userId, checkpoint: state?.userId === owner.userId ? state.checkpoint : null, syncedAt: at })
  })
}

/**
 * A profile saved online during `owner`'s session: the server's row replaces the full profile the
 * device holds (keeping its locker code), and the customer's line in an admin's directory follows.
 */
export async function saveProfile(owner: DeviceOwner, profile: ProfileRow): Promise<void> {
  await db.transaction('rw', db.profiles, db.owner, async () => {
    await assertOwner(owner)
    const current = await db.profiles.get(profile.id)
    if (current || profile.id === owner.userId) await db.profiles.put({ ...profile, locker_code: current?.locker_code ?? null })
  })
  const listed = (await readDirectory()).get(profile.id)
  if (listed) {
    const { email, full_name, phone, role, plan = listed.plan, avatar_path = listed.avatar_path } = profile
    await keepCustomers(owner, [{ ...listed, email, full_name, phone, role, plan, avatar_path }])
  }
}
