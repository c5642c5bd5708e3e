import type { SupabaseClient } from '@supabase/supabase-js'

export type Supabase = SupabaseClient

/** The Supabase CLI's public local-development values: `supabase start` or the embedded stand-in. */
const localUrl = 'http://127.0.0.1:54321'
const localAnonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

const supabaseUrl: string = import.meta.env.VITE_SUPABASE_URL || localUrl
const anonKey: string = import.meta.env.VITE_SUPABASE_ANON_KEY || localAnonKey

let client: Promise<Supabase> | null = null

/** The one supabase-js client, loaded on first use so the public pages never download it. */
export function getSupabase(): Promise<Supabase> {
  client ??= import('@supabase/supabase-js').then(
    ({ createClient }) =>
      createClient(supabaseUrl, anonKey, {
        auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
      }),
    (error: unknown) => {
      client = null
      throw error
    },
  )
  return client
}
