import { handlesItsOwnSignIn, isProtectedPath } from './auth-paths'

export type AuthTransition =
  /** No session: clear the store (and the local data, if someone was signed in); maybe leave a protected page. */
  | { kind: 'signed-out'; wipeLocalData: boolean; leaveProtectedPage: boolean }
  /** Same user, new token (refresh, user update, tab refocus, a restored session confirmed): nothing else changes. */
  | { kind: 'same-user' }
  /** A user arrives: read the role, start syncing; a sign-in this app asked for starts from a clean read model and may redirect. */
  | { kind: 'signed-in'; wipeLocalData: boolean; redirect: boolean }

/**
 * What a supabase-js auth event means for the app (SPEC §4 Session). Whether it is a fresh sign-in
 * comes from the app itself (`signInRequested`: the login or signup form asked for one), not from
 * the event's name: supabase-js also says SIGNED_IN when it merely restores a stored session, and
 * its events can arrive in either order.
 */
export function planAuthTransition(input: {
  event: string
  previousUserId: string | null
  sessionUserId: string | null
  pathname: string
  signInRequested: boolean
}): AuthTransition {
  const { event, previousUserId, sessionUserId, pathname, signInRequested } = input
  if (!sessionUserId) {
    return {
      kind: 'signed-out',
      wipeLocalData: previousUserId !== null || event === 'SIGNED_OUT',
      leaveProtectedPage: event === 'SIGNED_OUT' && previousUserId !== null && isProtectedPath(pathname),
    }
  }
  if (previousUserId === sessionUserId) return { kind: 'same-user' }
  return {
    kind: 'signed-in',
    wipeLocalData: signInRequested || previousUserId !== null,
    redirect: signInRequested && previousUserId === null && !handlesItsOwnSignIn(pathname),
  }
}
