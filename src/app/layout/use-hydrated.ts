import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False while React hydrates a prerendered page (and on the server), true from the next render on.
 * Whatever depends on the browser (a stored theme, the connection, a session) renders as the build
 * did until then, so hydration finds the same HTML; a client-only render is true at once.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
