import Dexie from 'dexie'
import { useLiveQuery } from 'dexie-react-hooks'
import { db } from './db'

export type { LocalPackage, LocalProfile } from './db'

/** Live reads: `undefined` while the first read runs, then re-rendered on every change. */
export function useProfile(userId: string) {
  return useLiveQuery(() => db.profiles.get(userId), [userId])
}

export function useLocker(userId: string) {
  return useLiveQuery(() => db.lockers.get(userId), [userId])
}

/** The customer's packages, most recently updated first (SPEC §7's dashboard order), `limit` at most. */
export function usePackages(userId: string, limit: number) {
  return useLiveQuery(() => packagesOf(userId).reverse().limit(limit).toArray(), [userId, limit])
}

export function usePackageCount(userId: string) {
  return useLiveQuery(() => packagesOf(userId).count(), [userId])
}

const packagesOf = (userId: string) => db.packages.where('[user_id+updated_at]').between([userId, Dexie.minKey], [userId, Dexie.maxKey])

/** When this user's packages were last pulled completely (epoch ms), kept with the checkpoint. */
export function usePackagesSyncedAt(userId: string) {
  return useLiveQuery(async () => {
    const state = await db.syncState.get('packages')
    return state?.userId === userId ? state.syncedAt : null
  }, [userId])
}

/** The role in the locally stored profile (what the server said last), if there is one. */
export async function readLocalRole(userId: string) {
  return (await db.profiles.get(userId))?.role
}
