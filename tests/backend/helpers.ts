import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import { nodeClientOptions } from '../support/node-supabase'
import { startStandIn, type StandIn, type StandInOptions } from '../../supabase/local/server'

export const demoAdmin = { email: 'admin@example.com', password: 'admin-demo-password' }
export const demoCustomer = { email: 'cliente@example.com', password: 'cliente-demo-password' }
export const seededToken = (n: number) => `00000000-0000-4000-8000-00000000000${n}`

/** A fresh in-memory stand-in on a random port, silent. */
export function startTestStandIn(options: StandInOptions = {}): Promise<StandIn> {
  return startStandIn({ port: 0, quiet: true, log: () => {}, ...options })
}

export function newClient(url: string, key = SUPABASE_LOCAL_ANON_KEY): SupabaseClient {
  return createClient(url, key, nodeClientOptions)
}

/** A client with the service_role key: bypasses RLS, as a server-side admin script would. */
export function serviceClient(url: string): SupabaseClient {
  return newClient(url, SUPABASE_LOCAL_SERVICE_ROLE_KEY)
}

export async function signedIn(url: string, credentials: { email: string; password: string }): Promise<SupabaseClient> {
  const client = newClient(url)
  const { error } = await client.auth.signInWithPassword(credentials)
  if (error) throw error
  return client
}

let counter = 0
export function uniqueEmail(prefix = 'user'): string {
  counter += 1
  return `${prefix}-${Date.now()}-${counter}@example.com`
}
