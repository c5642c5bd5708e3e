import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { AuthStorage } from '@/local-db/auth-storage'
import { authStorageKey, supabaseAnonKey, supabaseUrl } from './config'
import { timedFetch } from './fetch'

export type Supabase = SupabaseClient

const reconnectDelaysMs = [1000, 2000, 5000, 10_000]

/**
 * A supabase-js client over the shared IndexedDB session. The page's client refreshes the token on
 * its own and picks up a session from an emailed link; the service worker's only reads the stored
 * session (refreshing it if it expired) to send queued changes while no page is open.
 */
export function createSupabase({ storage, worker = false }: { storage: AuthStorage; worker?: boolean }): Supabase {
  return createClient(supabaseUrl, supabaseAnonKey, {
    auth: { storage, storageKey: authStorageKey, persistSession: true, autoRefreshToken: !worker, detectSessionInUrl: !worker },
    global: { fetch: timedFetch },
    // SPEC §9: a heartbeat every 25 s, 10 s to answer, reconnecting after 1, 2, 5, then every 10 s.
    realtime: { heartbeatIntervalMs: 25_000, timeout: 10_000, reconnectAfterMs: (tries: number) => reconnectDelaysMs[tries - 1] ?? 10_000 },
  })
}
