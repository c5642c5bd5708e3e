import Dexie, { type EntityTable } from 'dexie'
import type { LockerRow, ProfileRow, PulledPackage } from '@/remote/types'

export type LocalProfile = ProfileRow
export type LocalLocker = LockerRow

/** A package as the customer's screens read it: the row and its status history, together (tombstones are deleted). */
export type LocalPackage = Omit<PulledPackage, 'deleted_at'>

/** Where the package pull stopped, for whom, and when it last finished. */
export interface PackageSyncState {
  key: 'packages'
  userId: string
  checkpoint: string | null
  syncedAt: number | null
}

export class LocalDb extends Dexie {
  profiles!: EntityTable<LocalProfile, 'id'>
  lockers!: EntityTable<LocalLocker, 'user_id'>
  packages!: EntityTable<LocalPackage, 'id'>
  syncState!: EntityTable<PackageSyncState, 'key'>

  constructor(name = 'casillero') {
    super(name)
    this.version(1).stores({
      profiles: 'id',
      lockers: 'user_id',
      packages: 'id, [user_id+updated_at]',
      syncState: 'key',
    })
  }
}

/** The read model every screen renders from (DESIGN §2). */
export const db = new LocalDb()
