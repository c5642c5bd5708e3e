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
  try {
    const { connectAuth, restoreSession } = await import('./auth-session')
    // From IndexedDB alone: the network never gates the first render of a signed-in screen. If this
    // device's copy cannot be read, the session can still come from supabase-js below.
    await restoreSession().catch((error: unknown) => console.error('Could not restore the session from this device', error))
    await connectAuth()
  } catch (error) {
    sessionFailed(error)
  }
}

/** The session cannot be opened here: protected screens say why and offer a reload instead of waiting forever. */
export function sessionFailed(error: unknown): void {
  console.error('Could not open the session', error)
  useSessionStore.setState({ loading: false, failure: error instanceof Error ? error.message : String(error) })
}
