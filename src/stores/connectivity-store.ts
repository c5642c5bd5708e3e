import { create } from 'zustand'

interface ConnectivityState {
  /** What the browser says (`navigator.onLine` and its events): when false, surely offline. */
  browserOnline: boolean
  /** What requests actually do: the last backend request (or probe) got an answer. */
  reachable: boolean
}

export const useConnectivityStore = create<ConnectivityState>()(() => ({
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  reachable: true,
}))

// globalThis, not window: the service worker shares this module through the fetch wrapper.
if (typeof globalThis.addEventListener === 'function') {
  globalThis.addEventListener('online', () => useConnectivityStore.setState({ browserOnline: true }))
  globalThis.addEventListener('offline', () => useConnectivityStore.setState({ browserOnline: false }))
}

/** A backend request answered (any HTTP status) or failed without an answer (offline, timeout, reset). */
export function reportReachable(reachable: boolean): void {
  if (useConnectivityStore.getState().reachable !== reachable) useConnectivityStore.setState({ reachable })
}

const online = (state: ConnectivityState) => state.browserOnline && state.reachable

/** Online as far as the app can tell: the browser thinks so and the backend answers. */
export const isOnline = () => online(useConnectivityStore.getState())
export const useOnline = () => useConnectivityStore(online)
