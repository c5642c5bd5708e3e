import { create } from 'zustand'

interface ConnectivityState {
  online: boolean
}

export const useConnectivityStore = create<ConnectivityState>()(() => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
}))

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => useConnectivityStore.setState({ online: true }))
  window.addEventListener('offline', () => useConnectivityStore.setState({ online: false }))
}

export const useOnline = () => useConnectivityStore((state) => state.online)
