import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import { nodeClientOptions } from '../support/node-supabase'
import { totpCode, totpStep } from '../../supabase/local/auth/totp'
import { startStandIn, type StandIn, type StandInOptions } from '../../supabase/local/server'

export const demoAdmin = { email: 'admin@example.com', password: 'admin-demo-password' }
export const demoCustomer = { email: 'cliente@example.com', password: 'cliente-demo-password' }
export const seededToken = (n: number) => `00000000-0000-4000-8000-00000000000${n}`

/** Tests sign in and mail far more often than people do: config.toml's rate limits times this. */
export const TEST_RATE_LIMIT_SCALE = 1000

/** A fresh in-memory stand-in on a random port, silent, with generous rate limits. */
export function startTestStandIn(options: StandInOptions = {}): Promise<StandIn> {
  return startStandIn({ port: 0, quiet: true, log: () => {}, ...options, auth: { rateLimitScale: TEST_RATE_LIMIT_SCALE, ...options.auth } })
}

/** What the API gateway wants on every raw request (supabase-js sends it itself). */
export const anonHeaders = { apikey: SUPABASE_LOCAL_ANON_KEY }

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

/**
 * Signed in and confirmed with a code (aal2), as a manager must be for the sensitive actions: the
 * user's factors are cleared (as a manager's reset does) and a new one enrolled and verified.
 */
export async function steppedUp(standIn: StandIn, credentials: { email: string; password: string }): Promise<SupabaseClient> {
  const client = await signedIn(standIn.url, credentials)
  const { data: userData } = await client.auth.getUser()
  await standIn.db.query(`delete from auth.mfa_factors where user_id = $1`, [userData.user!.id])
  const { data: factor, error } = await client.auth.mfa.enroll({ factorType: 'totp' })
  if (error) throw error
  const code = totpCode(factor.totp!.secret, totpStep(Date.now()))
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code })
  if (verified.error) throw verified.error
  return client
}

let counter = 0
export function uniqueEmail(prefix = 'user'): string {
  counter += 1
  return `${prefix}-${Date.now()}-${counter}@example.com`
}

/** A customer signed up through the API (a unique email from `prefix`, named `fullName` if given) and a client signed in as them. */
export async function signedUpCustomer(url: string, prefix: string, fullName?: string): Promise<{ id: string; email: string; password: string; client: SupabaseClient }> {
  const credentials = { email: uniqueEmail(prefix), password: 'secret-123' }
  const { data, error } = await newClient(url).auth.signUp({ ...credentials, options: fullName ? { data: { full_name: fullName } } : {} })
  if (error) throw error
  return { id: data.user!.id, ...credentials, client: await signedIn(url, credentials) }
}
