import { useSessionStore } from '@/stores/session-store'
import { needsAuthClient } from './auth-paths'
import { hasStoredSession } from '@/remote/session-hint'

type Navigate = (to: string, options: { replace: boolean }) => unknown

let appNavigate: Navigate | null = null

/** How the session listener moves the user after sign-in or sign-out: the app's router (resolves when it has moved). */
export async function navigate(to: string, options: { replace: boolean }): Promise<void> {
  await appNavigate?.(to, options)
}

/**
 * At app start: loads the auth client (supabase-js, the local database, the sync engine) only when
 * it can matter (a stored session or a screen that needs it) so anonymous visitors never
 * download it for the public pages.
 */
export async function startAuth(routerNavigate: Navigate) {
  appNavigate = routerNavigate
  if (!hasStoredSession() && !needsAuthClient(location.pathname)) {
    useSessionStore.setState({ loading: false })
    return
  }
  const { connectAuth, restoreSession } = await import('./auth-session')
  // From IndexedDB alone: the network never gates the first render of a signed-in screen.
  await restoreSession()
  await connectAuth()
}
