import { hasStoredSession } from '@/remote/session-hint'
import { reportReachable, useConnectivityStore } from '@/stores/connectivity-store'

/** Between probes while work waits for the backend: a reconnect is noticed within about 3 s, whatever the browser says. */
const waitingDelaysMs = [1000, 2000, 3000]
/** Between probes with nothing waiting (a visitor reading offline). */
const idleDelaysMs = [5000, 10_000, 30_000, 60_000]
/**
 * Before those, right after the browser's `online` event: the network it announces may carry nothing
 * for a moment yet, and a probe then fails at once, so the next one comes soon rather than a second later.
 */
const settlingDelaysMs = [250, 500]
/** Probes overlap rather than queue: one hanging until its timeout does not hold the next back. */
const maxProbesInFlight = 2
const siteProbeTimeoutMs = 5_000

/** Whether this site answers: all an anonymous visitor's screens need, with no request elsewhere. */
async function probeSite(): Promise<boolean> {
  try {
    await fetch('/', { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(siteProbeTimeoutMs) })
    reportReachable(true)
    return true
  } catch {
    reportReachable(false)
    return false
  }
}

let backendProbe: Promise<typeof import('@/remote/probe')> | undefined

/**
 * Whether the backend answers. Its probe (with the backend's address and key) loads the first time it
 * is needed, as an anonymous visitor's pages only ever probe the site; a probe that cannot even load
 * is a backend out of reach.
 */
function probeBackend(): Promise<boolean> {
  backendProbe ??= import('@/remote/probe')
  return backendProbe.then(
    (probe) => probe.probeBackend(),
    () => {
      backendProbe = undefined
      reportReachable(false)
      return false
    },
  )
}

/**
 * Keeps "online" honest, and never leaves work waiting for an `online` event that may not come:
 * while the backend is not known to answer it is probed, with backoff (a probe fails at once when
 * truly offline, so it costs nothing), often while a signed-in sync has work, rarely otherwise. The
 * browser's `online` event, the tab returning and the start of the app each probe at once; after the
 * `online` event, should that probe fail, again a quarter of a second later and half a second after that.
 * Returns what stops it (the app never does; tests do).
 */
export function watchConnectivity(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let failures = 0
  let inFlight = 0
  /** The browser said online (and reachability has not changed since): the first probes come sooner. */
  let settling = false
  const state = () => useConnectivityStore.getState()

  async function probe() {
    if (inFlight >= maxProbesInFlight) return
    inFlight += 1
    await (state().waiting > 0 || hasStoredSession() ? probeBackend() : probeSite())
    inFlight -= 1
  }

  function schedule() {
    clearTimeout(timer)
    if (state().reachable) return
    const delays = [...(settling ? settlingDelaysMs : []), ...(state().waiting > 0 ? waitingDelaysMs : idleDelaysMs)]
    timer = setTimeout(() => {
      failures += 1
      void probe()
      schedule()
    }, delays[Math.min(failures, delays.length - 1)])
  }

  function probeNow({ networkBack = false } = {}) {
    failures = 0
    settling = networkBack
    void probe()
    schedule()
  }

  const stopWatchingStore = useConnectivityStore.subscribe((current, previous) => {
    if (current.reachable !== previous.reachable) {
      failures = 0
      settling = false
    }
    if (current.reachable !== previous.reachable || current.waiting !== previous.waiting) schedule()
  })
  const onOnline = () => probeNow({ networkBack: true })
  const onOffline = () => reportReachable(false)
  const onVisible = () => {
    if (document.visibilityState === 'visible' && !state().reachable) probeNow()
  }
  globalThis.addEventListener('online', onOnline)
  globalThis.addEventListener('offline', onOffline)
  document.addEventListener('visibilitychange', onVisible)
  probeNow()
  return () => {
    clearTimeout(timer)
    stopWatchingStore()
    globalThis.removeEventListener('online', onOnline)
    globalThis.removeEventListener('offline', onOffline)
    document.removeEventListener('visibilitychange', onVisible)
  }
}
