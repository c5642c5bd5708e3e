import { useSyncExternalStore } from 'react'
import { standaloneQuery } from '@/platform/platform'

/** A phone-sized screen (below Tailwind's `md`), or the app running installed whatever its size. */
const appShellQuery = `(max-width: 47.99rem), ${standaloneQuery}`

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(appShellQuery)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** Whether a signed-in customer gets the app's shell (a tab bar, one tab per screen) rather than the website's. */
export function useAppShell(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(appShellQuery).matches,
    () => false,
  )
}
