import { create } from 'zustand'

interface SyncStatusState {
  state: 'idle' | 'syncing'
  /** The service's message when the last refresh failed for a reason other than the connection. */
  error: string | null
}

export const initialSyncStatus: SyncStatusState = { state: 'idle', error: null }

export const useSyncStatusStore = create<SyncStatusState>()(() => initialSyncStatus)
