import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { AuthStorage } from '@/local-db/auth-storage'
import { authStorageKey, supabaseAnonKey, supabaseUrl } from './config'
import { timedFetch } from './fetch'

export type Supabase = SupabaseClient

/**
 * A supabase-js client over the shared IndexedDB session. The page's client refreshes the token on
 * its own and picks up a session from an emailed link; the service worker's only reads the stored
 * session (refreshing it if it expired) to send queued changes while no page is open.
 */
export function createSupabase({ storage, worker = false }: { storage: AuthStorage; worker?: boolean }): Supabase {
  return createClient(supabaseUrl, supabaseAnonKey, {
    auth: { storage, storageKey: authStorageKey, persistSession: true, autoRefreshToken: !worker, detectSessionInUrl: !worker },
    global: { fetch: timedFetch },
  })
}
