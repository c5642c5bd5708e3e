import { create } from 'zustand'
import type { Role } from '@/local-db/rows'

export type { Role }

export interface SessionUser {
  id: string
  email: string
}

interface SessionState {
  user: SessionUser | null
  /** When the access token expires (epoch seconds); null when signed out. */
  expiresAt: number | null
  role: Role | null
  /** True until the initial session (and its role) has been read. */
  loading: boolean
  /**
   * Where a sign-out is taking the user from a protected page. The router renders its navigation in
   * a transition while this store updates at once, so the page being left may see the user gone
   * first: its guard then follows the sign-out instead of sending the user to log in again.
   */
  leaving: { from: string; to: string } | null
  /** Why the session could not be opened on this device (its storage or the auth client failed); null when it could. */
  failure: string | null
}

export const useSessionStore = create<SessionState>()(() => ({
  user: null,
  expiresAt: null,
  role: null,
  loading: true,
  leaving: null,
  failure: null,
}))

export const useSessionUser = () => useSessionStore((state) => state.user)
