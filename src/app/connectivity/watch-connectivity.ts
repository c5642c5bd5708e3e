import { probeBackend } from '@/remote/probe'
import { hasStoredSession } from '@/remote/session-hint'
import { reportReachable, useConnectivityStore } from '@/stores/connectivity-store'

const retryMs = 5_000
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

/**
 * Keeps "online" honest where `navigator.onLine` is not. At start it asks the backend when a session
 * makes it matter, else only this site; after a failed request (sync, login, tracking), when the
 * browser says it is back online or the tab returns, it asks the backend, every 5 s until it answers.
 */
export function watchConnectivity(): void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let probing = false
  const probeLater = () => {
    clearTimeout(timer)
    timer = setTimeout(probe, retryMs)
  }

  async function probe(ask: () => Promise<boolean> = probeBackend) {
    clearTimeout(timer)
    if (probing || !useConnectivityStore.getState().browserOnline) return
    probing = true
    const reachable = await ask()
    probing = false
    if (!reachable) probeLater()
  }

  useConnectivityStore.subscribe((state, previous) => {
    if (previous.reachable && !state.reachable && !probing) probeLater()
    if (!previous.browserOnline && state.browserOnline) void probe()
  })
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !useConnectivityStore.getState().reachable) void probe()
  })
  void probe(hasStoredSession() ? probeBackend : probeSite)
}
