import { create } from 'zustand'

/** What an admin's first sync is still bringing: the desk's stage (the directory, open work), then the last 30 days. */
export interface Arriving {
  stage: 'desk' | 'recent'
  /** Rows written so far in this stage. */
  received: number
  /** Rows the stage brings in all, once the server has said (null until then). */
  total: number | null
}

interface SyncStatusState {
  state: 'idle' | 'syncing'
  /** The service's message when the last refresh failed for a reason other than the connection. */
  error: string | null
  /** The live channel is joined: server changes arrive within a second, without polling. */
  live: boolean
  /** A stage of the admin's working set arriving from nothing, with its progress; null otherwise. */
  arriving: Arriving | null
}

export const initialSyncStatus: SyncStatusState = { state: 'idle', error: null, live: false, arriving: null }

export const useSyncStatusStore = create<SyncStatusState>()(() => initialSyncStatus)
