import { localAnonKey, localUrl } from './local-backend'

export const supabaseUrl: string = import.meta.env.VITE_SUPABASE_URL || localUrl
export const supabaseAnonKey: string = import.meta.env.VITE_SUPABASE_ANON_KEY || localAnonKey

/** Where supabase-js keeps the session (in IndexedDB, see local-db/auth-storage.ts); the page and the service worker share it. */
export const authStorageKey = 'casillero-auth'
