import { onQueued } from '@/outbox/queue'
import type { Supabase } from '@/remote/client'
import { watchLiveChanges } from '@/remote/live-changes'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { useSessionStore } from '@/stores/session-store'
import { initialSyncStatus, useSyncStatusStore } from '@/stores/sync-status-store'
import { packageStream, prealertStream, profileStream, pullStream, rpcPullSource, SyncError } from './pull'
import { liveTablesFor } from './live-tables'
import { oneAtATime, withDeadline } from './one-at-a-time'
import { flushOutbox } from './push'
import { flushRequest, outboxSyncTag } from './worker-protocol'

/** Only while the live channel is down: joined, changes arrive as they happen. */
const periodicPullMs = 30_000
/** Changes often come in bursts (a batch of status changes): one pull for the lot. */
const liveChangeSettleMs = 100
/** A backstop: every request already times out, so a refresh this long is stuck somewhere else. */
const refreshDeadlineMs = 120_000
const retryAfterErrorMs = 30_000

/** Asks the service worker to send the outbox when the browser is back online, even with no page open. */
function requestBackgroundSync() {
  void navigator.serviceWorker?.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(outboxSyncTag))
    .catch(() => undefined)
}

/**
 * Keeps the signed-in user's local copy in step with the server (DESIGN §6). Pulls the profiles and
 * packages now, when the connection returns, when the tab becomes visible again, shortly after the
 * live channel reports a change and whenever it (re)joins, and every 30 s while it is down and the
 * tab is visible. A live event is only a poke: the pull's checkpoint decides what is new. Sends the outbox now, after every queued change, when the connection returns, on the service
 * worker's request and when a backoff ends. Nothing here blocks a screen: they render the local copy.
 * Returns `stop`.
 */
export function startSync(getClient: () => Promise<Supabase>, userId: string): () => void {
  let stopped = false
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let forceNextPush = false
  const browserOnline = () => useConnectivityStore.getState().browserOnline

  const pull = oneAtATime(async () => {
    if (stopped || !browserOnline()) return
    useSyncStatusStore.setState({ state: 'syncing' })
    try {
      await withDeadline(async (signal) => {
        const client = await getClient()
        await Promise.all([
          pullStream(profileStream, rpcPullSource(client, profileStream, signal), userId, undefined, signal),
          pullStream(packageStream, rpcPullSource(client, packageStream, signal), userId, undefined, signal),
          pullStream(prealertStream, rpcPullSource(client, prealertStream, signal), userId, undefined, signal),
        ])
      }, refreshDeadlineMs, () => new SyncError('Sync took too long', false))
      if (!stopped) useSyncStatusStore.setState({ state: 'idle', error: null })
    } catch (error) {
      // The local copy stays as it is; a lost connection is not an error worth a red box.
      const shown = error instanceof SyncError && !error.fromService ? null : error instanceof Error ? error.message : String(error)
      if (!stopped) useSyncStatusStore.setState({ state: 'idle', error: shown })
    }
  })

  const push = oneAtATime(async () => {
    clearTimeout(retryTimer)
    if (stopped || !browserOnline()) return
    const force = forceNextPush
    forceNextPush = false
    let retryAt: number | null
    try {
      const result = await flushOutbox(await getClient(), userId, { force })
      retryAt = result.retryAt
      // A pull page fetched while the changes were being sent may have put back older rows.
      if (result.sent > 0) pull()
    } catch (error) {
      console.error('Sending the outbox failed', error)
      retryAt = Date.now() + retryAfterErrorMs
    }
    if (retryAt !== null && !stopped) retryTimer = setTimeout(push, Math.max(0, retryAt - Date.now()))
  })

  const everything = () => {
    forceNextPush = true
    pull()
    push()
  }
  const onVisible = () => {
    if (document.visibilityState === 'visible') everything()
  }
  const periodic = setInterval(() => {
    if (document.visibilityState === 'visible' && !useSyncStatusStore.getState().live) pull()
  }, periodicPullMs)

  let pokeTimer: ReturnType<typeof setTimeout> | undefined
  let stopLive: (() => void) | undefined
  let liveRole: string | null = null
  const watchLive = () => {
    const role = useSessionStore.getState().role
    if (stopped || !role || role === liveRole) return
    stopLive?.()
    liveRole = role
    void getClient()
      .then((client) => {
        if (stopped || liveRole !== role) return
        stopLive = watchLiveChanges(client, liveTablesFor(userId, role), {
          onChange: () => {
            clearTimeout(pokeTimer)
            pokeTimer = setTimeout(pull, liveChangeSettleMs)
          },
          onLive: (live) => {
            if (stopped) return
            useSyncStatusStore.setState({ live })
            // Whatever changed while the channel was down.
            if (live) pull()
          },
        })
      })
      .catch((error: unknown) => {
        liveRole = null
        console.error('Could not open the live channel', error)
      })
  }
  const stopWatchingRole = useSessionStore.subscribe(watchLive)
  // Back online (the browser's event, or the backend answering again after failures).
  const stopWatchingConnectivity = useConnectivityStore.subscribe((state, previous) => {
    const wasOnline = previous.browserOnline && previous.reachable
    if (!wasOnline && state.browserOnline && state.reachable) everything()
  })
  const stopWatchingOutbox = onQueued(() => {
    push()
    requestBackgroundSync()
  })
  // The service worker's sync event: this page sends the outbox and says whether anything is left.
  const onWorkerMessage = (event: MessageEvent) => {
    if (event.data?.type !== flushRequest) return
    void getClient()
      .then((client) => flushOutbox(client, userId, { force: true }))
      .then(
        ({ retryAt }) => event.ports[0]?.postMessage({ done: retryAt === null }),
        () => event.ports[0]?.postMessage({ done: false }),
      )
  }
  document.addEventListener('visibilitychange', onVisible)
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage)

  everything()
  watchLive()

  return () => {
    stopped = true
    clearInterval(periodic)
    clearTimeout(retryTimer)
    clearTimeout(pokeTimer)
    stopLive?.()
    stopWatchingRole()
    stopWatchingConnectivity()
    stopWatchingOutbox()
    document.removeEventListener('visibilitychange', onVisible)
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage)
    useSyncStatusStore.setState(initialSyncStatus)
  }
}
