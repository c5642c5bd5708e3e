import type { Supabase } from './create-client'
import { noteStoredSession } from './session-hint'

export type { Supabase }

let client: Promise<Supabase> | null = null

/**
 * The page's one supabase-js client, loaded on first use so the public pages never download it. A
 * failure (its code did not load, or creating it threw) is not kept: the next call tries again.
 */
export function getSupabase(): Promise<Supabase> {
  client ??= Promise.all([import('./create-client'), import('@/local-db/auth-storage')])
    .then(([{ createSupabase }, { createAuthStorage }]) => createSupabase({ storage: createAuthStorage(noteStoredSession) }))
    .catch((error: unknown) => {
      client = null
      throw error
    })
  return client
}
