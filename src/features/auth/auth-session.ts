import { readLocalRole } from '@/local-db/queries'
import { clearLocalData } from '@/local-db/wipe'
import { getSupabase } from '@/remote/client'
import { useSessionStore, type Role } from '@/stores/session-store'
import { startSync } from '@/sync-engine/scheduler'
import { isProtectedPath, routeOf } from './auth-paths'
import { planAuthTransition } from './auth-transition'
import { destinationAfterSignIn } from './destination'
import { navigate } from './start-auth'

type Client = Awaited<ReturnType<typeof getSupabase>>

let connection: Promise<Client> | null = null
let stopSync: (() => void) | null = null
/** Events are handled one after another, each seeing the state the previous one left. */
let handled: Promise<void> = Promise.resolve()
let initialSessionSeen = false

/** The auth client with its state listener attached (once). */
export function connectAuth(): Promise<Client> {
  connection ??= getSupabase().then(
    (client) => {
      client.auth.onAuthStateChange((event, session) => {
        // supabase-js deadlocks if its own calls are awaited inside this callback.
        setTimeout(() => {
          handled = handled.then(() => onAuthChange(client, event, session)).catch((error: unknown) => console.error('Auth state change failed', error))
        }, 0)
      })
      return client
    },
    (error: unknown) => {
      connection = null
      useSessionStore.setState({ loading: false })
      throw error
    },
  )
  return connection
}

type AuthEvent = Parameters<Parameters<Client['auth']['onAuthStateChange']>[0]>

async function onAuthChange(client: Client, event: AuthEvent[0], session: AuthEvent[1]) {
  if (event === 'INITIAL_SESSION') initialSessionSeen = true
  const previous = useSessionStore.getState().user
  const plan = planAuthTransition({ event, previousUserId: previous?.id ?? null, sessionUserId: session?.user.id ?? null, pathname: location.pathname, initialSessionSeen })
  if (plan.kind === 'restoring') return
  if (plan.kind === 'same-user') {
    useSessionStore.setState({ expiresAt: session?.expires_at ?? null })
    return
  }
  stopSync?.()
  stopSync = null
  if (plan.wipeLocalData) await clearLocalData()
  if (plan.kind === 'signed-out' || !session) {
    // Leave first: a protected page that saw the user vanish would send them to the login instead.
    if (plan.kind === 'signed-out' && plan.leaveProtectedPage) await leaveProtectedPage()
    useSessionStore.setState({ user: null, expiresAt: null, role: null, loading: false })
    return
  }
  const user = { id: session.user.id, email: session.user.email ?? '' }
  const role = await readRole(client, user.id)
  useSessionStore.setState({ user, expiresAt: session.expires_at ?? null, role, loading: false })
  stopSync = startSync(client, user.id)
  if (plan.redirect) await navigate(destinationAfterSignIn(location, role), { replace: true })
}

/** SPEC §4: signing out inside the dashboard or admin areas goes to the home page. */
function leaveProtectedPage(): Promise<void> {
  return navigate(`/${routeOf(location.pathname).lang ?? document.documentElement.lang}`, { replace: true })
}

/**
 * SPEC §4: the role comes from the profile; if that read fails, warn and treat as a customer. Offline
 * (where supabase-js would retry for seconds) the locally stored profile answers instead.
 */
export async function readRole(client: Client, userId: string): Promise<Role> {
  const fallback = async (): Promise<Role> => ((await readLocalRole(userId)) === 'admin' ? 'admin' : 'user')
  if (!navigator.onLine) return fallback()
  const { data, error } = await client.from('profiles').select('role').eq('id', userId).single()
  if (error || !data) {
    console.warn('Could not read the role; using the saved profile, else treating the user as a customer.', error?.message)
    return fallback()
  }
  return data.role === 'admin' ? 'admin' : 'user'
}

/** Clears this user's local data before anything else renders, then ends the session. */
export async function signOut() {
  const client = await connectAuth()
  if (isProtectedPath(location.pathname)) await leaveProtectedPage()
  stopSync?.()
  stopSync = null
  await clearLocalData()
  const { error } = await client.auth.signOut()
  // Offline the server cannot revoke the token; the session still ends on this device.
  if (error) await client.auth.signOut({ scope: 'local' })
}
