import { db } from './db'

/** supabase-js's storage interface (async), backed by IndexedDB so the service worker shares the session. */
export interface AuthStorage {
  getItem(key: string): Promise<string | null>
  setItem(key: string, value: string): Promise<void>
  removeItem(key: string): Promise<void>
}

/** The session store; `onChange` learns whether a session is now stored (the page keeps a synchronous hint of it). */
export function createAuthStorage(onChange?: (stored: boolean) => void): AuthStorage {
  return {
    async getItem(key) {
      return (await db.auth.get(key))?.value ?? null
    },
    async setItem(key, value) {
      await db.auth.put({ key, value })
      onChange?.(true)
    },
    async removeItem(key) {
      await db.auth.delete(key)
      onChange?.(false)
    },
  }
}

export interface StoredSession {
  user: { id: string; email: string }
  /** Access token expiry, epoch seconds. */
  expiresAt: number | null
  /** The access token itself (perhaps expired): what the live channel joins with until supabase-js confirms the session. */
  accessToken: string | null
}

/** The session supabase-js persisted under `key`, read without loading supabase-js or touching the network. */
export async function readStoredSession(key: string): Promise<StoredSession | null> {
  const value = (await db.auth.get(key))?.value
  if (!value) return null
  try {
    const session = JSON.parse(value) as { user?: { id?: unknown; email?: unknown }; expires_at?: unknown; access_token?: unknown }
    if (typeof session.user?.id !== 'string') return null
    return {
      user: { id: session.user.id, email: typeof session.user.email === 'string' ? session.user.email : '' },
      expiresAt: typeof session.expires_at === 'number' ? session.expires_at : null,
      accessToken: typeof session.access_token === 'string' ? session.access_token : null,
    }
  } catch {
    return null
  }
}

/** Removes the session supabase-js persisted under `key`, at once and without the network (signing out). */
export async function forgetStoredSession(key: string): Promise<void> {
  await db.auth.where('key').startsWith(key).delete()
}
