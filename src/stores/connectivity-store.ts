import { create } from 'zustand'

interface ConnectivityState {
  /**
   * Whether the backend answers, as far as the app can tell: the last backend request (or probe) got
   * an answer. `navigator.onLine` is only a hint: its offline event says no at once (the browser is
   * right about that), its online event only prompts a probe.
   */
  reachable: boolean
  /** How many parts of the app have work waiting for the backend (a signed-in sync): while any has, it is probed often. */
  waiting: number
}

export const useConnectivityStore = create<ConnectivityState>()(() => ({
  reachable: typeof navigator === 'undefined' ? true : navigator.onLine,
  waiting: 0,
}))

/** A backend request answered (any HTTP status) or failed without an answer (offline, timeout, reset). */
export function reportReachable(reachable: boolean): void {
  if (useConnectivityStore.getState().reachable !== reachable) useConnectivityStore.setState({ reachable })
}

/** Work is waiting for the backend until the returned function is called: it is probed often meanwhile. */
export function waitForBackend(): () => void {
  useConnectivityStore.setState((state) => ({ waiting: state.waiting + 1 }))
  let released = false
  return () => {
    if (released) return
    released = true
    useConnectivityStore.setState((state) => ({ waiting: state.waiting - 1 }))
  }
}

const online = (state: ConnectivityState) => state.reachable

/** Online as far as the app can tell: the backend answers. */
export const isOnline = () => online(useConnectivityStore.getState())
export const useOnline = () => useConnectivityStore(online)
