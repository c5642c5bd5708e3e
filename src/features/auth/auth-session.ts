import { forgetStoredSession, readStoredSession } from '@/local-db/auth-storage'
import { readOwner, releaseOwnership, takeOwnership, workWaitingFor } from '@/local-db/owner'
import { readLocalRole, watchLocalRole } from '@/local-db/queries'
import type { Role } from '@/local-db/rows'
import { getSupabase, type Supabase } from '@/remote/client'
import { authStorageKey } from '@/remote/config'
import { noteStoredSession } from '@/remote/session-hint'
import { useSessionStore, type SessionUser } from '@/stores/session-store'
import { startSync, type SyncSession } from '@/sync-engine/scheduler'
import { isProtectedPath, routeOf } from './auth-paths'
import { planAuthTransition } from './auth-transition'
import { destinationAfterSignIn } from './destination'
import { navigate, sessionFailed } from './start-auth'
import { roleOf } from '@/business-rules/roles'
import { tellWorkKept } from './work-kept'

let connection: Promise<Supabase> | null = null
/** The signed-in session's sync and role watch. */
let running: { sync: SyncSession; stopWatchingRole: () => void } | null = null
/** Events are handled one after another, each seeing the state the previous one left. */
let handled: Promise<void> = Promise.resolve()
/** The login or signup form asked for a session: the next user to arrive starts fresh and may be redirected. */
let signInRequested = false

/** The auth client with its state listener attached (once). */
export function connectAuth(): Promise<Supabase> {
  connection ??= getSupabase().then(
    (client) => {
      client.auth.onAuthStateChange((event, session) => {
        // supabase-js deadlocks if its own calls are awaited inside this callback.
        setTimeout(() => {
          handled = handled.then(() => onAuthChange(client, event, session)).catch(sessionFailed)
        }, 0)
      })
      return client
    },
    (error: unknown) => {
      connection = null
      throw error
    },
  )
  return connection
}

/**
 * Signed in: the device's data is this user's (anyone else's leaves first), the store knows the
 * user, the local copy syncs, and the role follows the saved profile.
 */
async function beginSession(user: SessionUser, role: Role, expiresAt: number | null, accessToken: string | null) {
  await endSession()
  const owner = await takeOwnership(user.id, role)
  useSessionStore.setState({ user, role, expiresAt, loading: false, leaving: null, failure: null })
  const sync = startSync(connectAuth, owner, accessToken)
  const stopWatchingRole = watchLocalRole(user.id, (saved) => {
    if (useSessionStore.getState().role !== saved) useSessionStore.setState({ role: saved })
  })
  running = { sync, stopWatchingRole }
}

/**
 * Stops the running session's sync and waits until nothing of it is in flight: its requests are
 * aborted, and whatever they still bring is dropped (local-db/owner.ts), so a wipe that follows is final.
 */
async function endSession(): Promise<void> {
  const ending = running
  running = null
  if (!ending) return
  ending.stopWatchingRole()
  await ending.sync.stop()
}

/**
 * Local-first start: with a stored session and a saved profile the user is signed in at once, from
 * IndexedDB alone, before supabase-js has loaded or the network has answered (or failed to). The auth
 * listener then confirms the session, or ends it if the server no longer accepts it.
 */
export async function restoreSession(): Promise<void> {
  const stored = await readStoredSession(authStorageKey)
  if (!stored) return
  const role = await readLocalRole(stored.user.id)
  if (role) await beginSession(stored.user, role, stored.expiresAt, stored.accessToken)
}

/**
 * A sign-in or signup the user asked for on a form: the session it brings is a fresh one (clean read
 * model, redirect), unlike the SIGNED_IN supabase-js also sends when it restores a stored session.
 */
export async function requestSession<Result extends { error: unknown }>(call: (client: Supabase) => Promise<Result>): Promise<Result> {
  const client = await connectAuth()
  signInRequested = true
  try {
    const result = await call(client)
    if (result.error) signInRequested = false
    return result
  } catch (error) {
    signInRequested = false
    throw error
  }
}

type AuthEvent = Parameters<Parameters<Supabase['auth']['onAuthStateChange']>[0]>

async function onAuthChange(client: Supabase, event: AuthEvent[0], session: AuthEvent[1]) {
  const previous = useSessionStore.getState().user
  const plan = planAuthTransition({ event, previousUserId: previous?.id ?? null, sessionUserId: session?.user.id ?? null, pathname: location.pathname, signInRequested })
  if (plan.kind === 'same-user') {
    useSessionStore.setState({ expiresAt: session?.expires_at ?? null })
    if (session) running?.sync.authorize(session.access_token)
    return
  }
  await endSession()
  if (plan.kind === 'signed-out' || !session) {
    // Unsent changes outlive a session that ended on its own: they go when this user signs in again.
    if (plan.wipeLocalData) await releaseOwnership({ discardWork: false })
    await endLocally(plan.kind === 'signed-out' && plan.leaveProtectedPage ? homeOfThisPage() : null)
    return
  }
  signInRequested = false
  const user = { id: session.user.id, email: session.user.email ?? '' }
  // A sign-in asked for on a form starts from a clean read model, even for the same user.
  if (plan.wipeLocalData) await releaseOwnership({ discardWork: false })
  const waiting = (await readOwner())?.userId === user.id ? 0 : await workWaitingFor(user.id)
  await beginSession(user, await readRole(client, user.id), session.expires_at ?? null, session.access_token)
  if (waiting > 0) tellWorkKept(waiting)
  if (plan.redirect) await navigate(destinationAfterSignIn(location, useSessionStore.getState().role ?? 'user'), { replace: true })
}

/** SPEC §4: signing out inside the dashboard or admin areas goes to the home page. */
const homeOfThisPage = () => `/${routeOf(location.pathname).lang ?? document.documentElement.lang}`

/** The user is gone from this device's store; a protected page being left goes to `to` (see `leaving`). */
async function endLocally(to: string | null) {
  useSessionStore.setState({ user: null, expiresAt: null, role: null, loading: false, leaving: to ? { from: location.pathname, to } : null })
  if (to) await navigate(to, { replace: true })
}

/**
 * SPEC §4: the role comes from the profile: the saved one, else the server's; if that read fails,
 * warn and treat the user as a customer. A read that never answers times out (remote/fetch.ts).
 */
export async function readRole(client: Supabase, userId: string): Promise<Role> {
  const saved = await readLocalRole(userId)
  if (saved) return saved
  const { data, error } = await client.from('profiles').select('role').eq('id', userId).retry(false).single()
  if (error || !data) {
    console.warn('Could not read the role; treating the user as a customer.', error?.message)
    return 'user'
  }
  return roleOf(data.role)
}

/**
 * Ends the session on this device at once and revokes it on the server when it can. Local data and
 * unsent changes go first (the screens warn about those before calling this); then `to`, or home when
 * leaving a protected page.
 */
export async function signOut({ to }: { to?: string } = {}): Promise<void> {
  const client = await connectAuth()
  const stored = await readStoredSession(authStorageKey)
  // This browser's pushes were the user's: they stop with the session.
  const push = await import('@/remote/push-subscription')
  await push.turnPushOff(stored?.accessToken ? push.removeWithToken(stored.accessToken) : null).catch((error: unknown) => console.warn('Push could not be turned off', error))
  await endSession()
  await releaseOwnership({ discardWork: true })
  // The stored session goes before anything waits on the network: a reload or a new tab meanwhile
  // must not find it and sign the user back in (supabase-js removes it only after the server answers).
  await forgetStoredSession(authStorageKey)
  noteStoredSession(false)
  await endLocally(to ?? (isProtectedPath(location.pathname) ? homeOfThisPage() : null))
  // Revoked on the server when it can be (offline it cannot; the session still ended on this device).
  // This device's session only: the others end with signOutEverywhere.
  if (stored?.accessToken) void client.auth.admin.signOut(stored.accessToken, 'local')
  // With nothing stored, supabase-js forgets the session without a request, and says SIGNED_OUT.
  await client.auth.signOut({ scope: 'local' })
}

/**
 * Ends every session of the user (GoTrue's global sign-out), then this device's as signOut does. The
 * other devices hear of it when their refresh is refused, and wipe their data then. Online only: if
 * the server does not take it, this throws and nothing ends.
 */
export async function signOutEverywhere({ to }: { to?: string } = {}): Promise<void> {
  const client = await connectAuth()
  // getSession refreshes an expired access token first: the revocation needs a valid one.
  const { data, error: sessionError } = await client.auth.getSession()
  if (sessionError) throw sessionError
  if (!data.session) throw new Error('No session to end')
  const { error } = await client.auth.admin.signOut(data.session.access_token, 'global')
  if (error) throw error
  await signOut({ to })
}
