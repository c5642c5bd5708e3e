import type { LockerRow, ProfileRow, PulledPackage } from '@/remote/types'
import { db, type LocalPackage, type PackageSyncState } from './db'

/** The stored pull checkpoint, or null when there is none for this user (a fresh start). */
export async function readPackageSync(userId: string): Promise<PackageSyncState | null> {
  const state = await db.syncState.get('packages')
  return state?.userId === userId ? state : null
}

/**
 * One pulled page, applied atomically with its checkpoint: a crash between pages resumes from
 * the last page written. Upserts are idempotent; tombstones delete.
 */
export async function applyPulledPage(userId: string, rows: PulledPackage[], checkpoint: string | null): Promise<void> {
  const live: LocalPackage[] = []
  const deleted: string[] = []
  for (const { deleted_at, ...row } of rows) {
    if (deleted_at) deleted.push(row.id)
    else live.push(row)
  }
  await db.transaction('rw', db.packages, db.syncState, async () => {
    const previous = await db.syncState.get('packages')
    if (previous && previous.userId !== userId) await db.packages.clear()
    await db.packages.bulkPut(live)
    await db.packages.bulkDelete(deleted)
    await db.syncState.put({ key: 'packages', userId, checkpoint, syncedAt: previous?.userId === userId ? previous.syncedAt : null })
  })
}

/** Marks a complete pull (every page applied). */
export async function markPackagesSynced(userId: string, at: number): Promise<void> {
  await db.transaction('rw', db.syncState, async () => {
    const state = await db.syncState.get('packages')
    if (state?.userId === userId) await db.syncState.put({ ...state, syncedAt: at })
  })
}

export async function saveProfileAndLocker(profile: ProfileRow, locker: LockerRow | null): Promise<void> {
  await db.transaction('rw', db.profiles, db.lockers, async () => {
    await db.profiles.put(profile)
    if (locker) await db.lockers.put(locker)
  })
}

export async function saveProfile(profile: ProfileRow): Promise<void> {
  await db.profiles.put(profile)
}
