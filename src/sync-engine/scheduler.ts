import { NotOwnerError, type DeviceOwner } from '@/local-db/owner'
import { countUnsent } from '@/outbox/queries'
import { onQueued } from '@/outbox/queue'
import type { Supabase } from '@/remote/client'
import { openLiveChannel, type LiveChannel } from '@/remote/live-changes'
import { useConnectivityStore, waitForBackend } from '@/stores/connectivity-store'
import { useSessionStore } from '@/stores/session-store'
import { initialSyncStatus, useSyncStatusStore } from '@/stores/sync-status-store'
import { pullCustomerCopy } from './customer-copy'
import { SyncError } from './pull'
import { liveTablesFor } from './live-tables'
import { oneAtATime } from './one-at-a-time'
import { flushOutbox } from './push'
import { flushRequest, outboxSyncTag, type FlushReply } from './worker-protocol'
import { adminPuller } from './working-set'
import { isStaff } from '@/business-rules/roles'

/** Only while the live channel is down: joined, changes arrive as they happen. */
const periodicPullMs = 30_000
/** Changes often come in bursts (a batch of status changes): one pull for the lot. */
const liveChangeSettleMs = 100
const retryAfterErrorMs = 30_000

/** Asks the service worker to send the outbox when the browser is back online, even with no page open. */
function requestBackgroundSync() {
  void navigator.serviceWorker?.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(outboxSyncTag))
    .catch(() => undefined)
}

/** The signed-in user's sync, from `startSync`. */
export interface SyncSession {
  /** The session's access token, confirmed or refreshed: the live channel joins (again) with it. */
  authorize(accessToken: string): void
  /** Ends the sync: requests in flight are aborted, and it resolves once the running pull and push have ended. */
  stop(): Promise<void>
}

/**
 * Keeps the signed-in user's local copy in step with the server (DESIGN §6), for `owner`'s session
 * only. Pulls now, when the backend answers again, when the tab becomes visible, shortly after the
 * live channel reports a change and whenever the server confirms it, and every 30 s while it is not
 * live and the tab is visible. A live event is only a poke: the pull's checkpoint decides what is new.
 * Sends the outbox now, after every queued change, when the backend answers again, on the service
 * worker's request and when a backoff ends. While the backend is not known to answer, nothing is
 * sent or pulled: it is probed instead (watch-connectivity), whatever `navigator.onLine` says.
 * Nothing here blocks a screen: they render the local copy.
 */
export function startSync(getClient: () => Promise<Supabase>, owner: DeviceOwner, accessToken: string | null): SyncSession {
  const session = new AbortController()
  const { signal } = session
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let forceNextPush = false
  const reachable = () => useConnectivityStore.getState().reachable
  const stopWaiting = waitForBackend()
  const pullWorkingSet = adminPuller(owner)
  const atTheDesk = () => isStaff(useSessionStore.getState().role)

  const pull = oneAtATime(async () => {
    if (signal.aborted || !reachable()) return
    useSyncStatusStore.setState({ state: 'syncing' })
    try {
      const client = await getClient()
      // No deadline on the whole: a first pull on a poor link takes as long as its bytes do. Each
      // request is given up once it stops moving (remote/fetch.ts), and the pages written are kept.
      // The database tells customers of what happens to their things; an admin is told nothing,
      // and pulls the working set instead of everything.
      if (atTheDesk()) await pullWorkingSet(client, signal)
      else await pullCustomerCopy(client, owner, signal)
      if (!signal.aborted) useSyncStatusStore.setState({ state: 'idle', error: null })
    } catch (error) {
      if (signal.aborted || error instanceof NotOwnerError) return
      // The local copy stays as it is; a lost connection is not an error worth a red box.
      const shown = error instanceof SyncError && !error.fromService ? null : error instanceof Error ? error.message : String(error)
      useSyncStatusStore.setState({ state: 'idle', error: shown })
    }
  })

  const push = oneAtATime(async () => {
    clearTimeout(retryTimer)
    if (signal.aborted || !reachable()) return
    const force = forceNextPush
    forceNextPush = false
    let retryAt: number | null
    try {
      const result = await flushOutbox(await getClient(), owner, { force, signal })
      retryAt = result.retryAt
      // A pull page fetched while the changes were being sent may have put back older rows.
      if (result.sent > 0) void pull()
    } catch (error) {
      console.error('Sending the outbox failed', error)
      retryAt = Date.now() + retryAfterErrorMs
    }
    if (retryAt !== null && !signal.aborted) retryTimer = setTimeout(() => void push(), Math.max(0, retryAt - Date.now()))
  })

  const everything = () => {
    forceNextPush = true
    void pull()
    void push()
  }
  const onVisible = () => {
    if (document.visibilityState === 'visible') everything()
  }
  const periodic = setInterval(() => {
    if (document.visibilityState === 'visible' && !useSyncStatusStore.getState().live) void pull()
  }, periodicPullMs)

  let pokeTimer: ReturnType<typeof setTimeout> | undefined
  let live: LiveChannel | null = null
  let liveRole: string | null = null
  let token = accessToken
  const watchLive = () => {
    const role = useSessionStore.getState().role
    if (signal.aborted || role === liveRole) return
    live?.stop()
    live = null
    liveRole = role
    if (!role) return
    void getClient()
      .then((client) => {
        if (signal.aborted || liveRole !== role) return
        live = openLiveChannel(client, liveTablesFor(owner.userId, role), token, {
          onChange: () => {
            clearTimeout(pokeTimer)
            pokeTimer = setTimeout(() => void pull(), liveChangeSettleMs)
          },
          onLive: (isLive) => {
            if (signal.aborted) return
            useSyncStatusStore.setState({ live: isLive })
            // Whatever changed while the channel was not live.
            if (isLive) void pull()
          },
        })
      })
      .catch((error: unknown) => {
        liveRole = null
        console.error('Could not open the live channel', error)
      })
  }
  const stopWatchingRole = useSessionStore.subscribe(watchLive)
  // The backend answers again (after a failed request or probe).
  const stopWatchingConnectivity = useConnectivityStore.subscribe((state, previous) => {
    if (!previous.reachable && state.reachable) everything()
  })
  const stopWatchingOutbox = onQueued(() => {
    void push()
    requestBackgroundSync()
  })
  // The service worker's sync event: this page sends the outbox, as any push, and says whether anything is left.
  const onWorkerMessage = (event: MessageEvent) => {
    if (event.data?.type !== flushRequest) return
    const reply = (done: boolean) => event.ports[0]?.postMessage({ done } satisfies FlushReply)
    forceNextPush = true
    push()
      .then(() => countUnsent(owner.userId))
      .then(({ pending }) => reply(pending === 0), () => reply(false))
  }
  document.addEventListener('visibilitychange', onVisible)
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage)

  everything()
  watchLive()

  return {
    authorize(accessToken) {
      token = accessToken
      live?.authorize(accessToken)
    },
    async stop() {
      if (signal.aborted) return
      session.abort(new DOMException('The session ended', 'AbortError'))
      clearInterval(periodic)
      clearTimeout(retryTimer)
      clearTimeout(pokeTimer)
      live?.stop()
      stopWatchingRole()
      stopWatchingConnectivity()
      stopWatchingOutbox()
      stopWaiting()
      document.removeEventListener('visibilitychange', onVisible)
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage)
      await Promise.all([pull.idle(), push.idle()])
      useSyncStatusStore.setState(initialSyncStatus)
    },
  }
}
