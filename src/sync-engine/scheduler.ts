import type { Supabase } from '@/remote/client'
import { initialSyncStatus, useSyncStatusStore } from '@/stores/sync-status-store'
import { refreshProfileAndLocker } from './profile'
import { pullPackages, rpcPullSource, SyncError } from './pull'

const periodicPullMs = 30_000

/**
 * Keeps the signed-in user's local copy fresh (DESIGN §6): now, when the connection returns,
 * when the tab becomes visible again, and every 30 s while it is visible. Returns `stop`.
 */
export function startSync(client: Supabase, userId: string): () => void {
  const source = rpcPullSource(client)
  let stopped = false
  let running: Promise<void> | null = null
  let pending = false

  async function refresh() {
    useSyncStatusStore.setState({ state: 'syncing' })
    try {
      await Promise.all([refreshProfileAndLocker(client, userId), pullPackages(source, userId)])
      if (!stopped) useSyncStatusStore.setState({ state: 'idle', error: null })
    } catch (error) {
      // The local copy stays as it is; a lost connection is not an error worth a red box.
      const shown = error instanceof SyncError && !error.fromService ? null : error instanceof Error ? error.message : String(error)
      if (!stopped) useSyncStatusStore.setState({ state: 'idle', error: shown })
    }
  }

  /** One refresh at a time; a trigger during a refresh asks for one more afterwards. */
  function syncNow() {
    if (stopped || !navigator.onLine) return
    if (running) {
      pending = true
      return
    }
    running = refresh().finally(() => {
      running = null
      if (pending) {
        pending = false
        syncNow()
      }
    })
  }

  const onVisibility = () => {
    if (document.visibilityState === 'visible') syncNow()
  }
  const timer = setInterval(onVisibility, periodicPullMs)
  window.addEventListener('online', syncNow)
  document.addEventListener('visibilitychange', onVisibility)

  syncNow()

  return () => {
    stopped = true
    clearInterval(timer)
    window.removeEventListener('online', syncNow)
    document.removeEventListener('visibilitychange', onVisibility)
    useSyncStatusStore.setState(initialSyncStatus)
  }
}
