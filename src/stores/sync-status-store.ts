import { create } from 'zustand'

interface SyncStatusState {
  state: 'idle' | 'syncing'
  /** The service's message when the last refresh failed for a reason other than the connection. */
  error: string | null
  /** The live channel is joined: server changes arrive within a second, without polling. */
  live: boolean
}

export const initialSyncStatus: SyncStatusState = { state: 'idle', error: null, live: false }

export const useSyncStatusStore = create<SyncStatusState>()(() => initialSyncStatus)
