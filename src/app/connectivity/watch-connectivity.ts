import { probeBackend } from '@/remote/probe'
import { useConnectivityStore } from '@/stores/connectivity-store'

const retryMs = 5_000

/**
 * Keeps "online" honest where `navigator.onLine` is not: asks the backend once at start, again
 * when the browser says it is back online or the tab returns, and every 5 s while it does not answer.
 */
export function watchConnectivity(): void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let probing = false
  const probeLater = () => {
    clearTimeout(timer)
    timer = setTimeout(probe, retryMs)
  }

  async function probe() {
    clearTimeout(timer)
    if (probing || !useConnectivityStore.getState().browserOnline) return
    probing = true
    const reachable = await probeBackend()
    probing = false
    if (!reachable) probeLater()
  }

  // A failed request elsewhere (sync, login, tracking) starts the same watch for the way back.
  useConnectivityStore.subscribe((state, previous) => {
    if (previous.reachable && !state.reachable && !probing) probeLater()
    if (!previous.browserOnline && state.browserOnline) void probe()
  })
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !useConnectivityStore.getState().reachable) void probe()
  })
  void probe()
}
