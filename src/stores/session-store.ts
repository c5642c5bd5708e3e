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
}

export const useSessionStore = create<SessionState>()(() => ({
  user: null,
  expiresAt: null,
  role: null,
  loading: true,
}))

export const useSessionUser = () => useSessionStore((state) => state.user)
