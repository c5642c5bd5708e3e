/** The Supabase CLI's public local-development values: `supabase start` or the embedded stand-in. */
const localUrl = 'http://127.0.0.1:54321'
const localAnonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

export const supabaseUrl: string = import.meta.env.VITE_SUPABASE_URL || localUrl
export const supabaseAnonKey: string = import.meta.env.VITE_SUPABASE_ANON_KEY || localAnonKey

/** Where supabase-js keeps the session (in IndexedDB, see local-db/auth-storage.ts); the page and the service worker share it. */
export const authStorageKey = 'casillero-auth'
