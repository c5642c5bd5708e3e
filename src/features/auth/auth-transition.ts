import { handlesItsOwnSignIn, isProtectedPath } from './auth-paths'

export type AuthTransition =
  /** No session: clear the store (and the local data, if someone was signed in); maybe leave a protected page. */
  | { kind: 'signed-out'; wipeLocalData: boolean; leaveProtectedPage: boolean }
  /** Same user, new token (refresh, user update, tab refocus): nothing else changes. */
  | { kind: 'same-user' }
  /** supabase-js restoring a stored session announces it as SIGNED_IN before INITIAL_SESSION brings it: a page load, not a sign-in. */
  | { kind: 'restoring' }
  /** A user arrives: read the role, start syncing; a fresh sign-in starts from a clean read model and may redirect. */
  | { kind: 'signed-in'; wipeLocalData: boolean; redirect: boolean }

/** What a supabase-js auth event means for the app (SPEC §4 Session). */
export function planAuthTransition(input: {
  event: string
  previousUserId: string | null
  sessionUserId: string | null
  pathname: string
  initialSessionSeen: boolean
}): AuthTransition {
  const { event, previousUserId, sessionUserId, pathname, initialSessionSeen } = input
  if (event === 'SIGNED_IN' && !initialSessionSeen) return { kind: 'restoring' }
  if (!sessionUserId) {
    return {
      kind: 'signed-out',
      wipeLocalData: previousUserId !== null || event === 'SIGNED_OUT',
      leaveProtectedPage: event === 'SIGNED_OUT' && isProtectedPath(pathname),
    }
  }
  if (previousUserId === sessionUserId) return { kind: 'same-user' }
  const freshSignIn = event === 'SIGNED_IN'
  return {
    kind: 'signed-in',
    wipeLocalData: freshSignIn || previousUserId !== null,
    redirect: freshSignIn && previousUserId === null && !handlesItsOwnSignIn(pathname),
  }
}
