// The project's own APIs as the Stripe functions use them: Auth to know the caller, REST to call
// the database's functions, with the caller's token (the database checks who may) or the service
// role key (the ledger's postings that only Stripe's word allows).
import { required, type Env } from './env.ts'

export interface SupabaseApi {
  url: string
  anonKey: string
  serviceRoleKey: string
}

export function readSupabaseApi(env: Env): SupabaseApi {
  return { url: required(env, 'SUPABASE_URL').replace(/\/+$/, ''), anonKey: required(env, 'SUPABASE_ANON_KEY'), serviceRoleKey: required(env, 'SUPABASE_SERVICE_ROLE_KEY') }
}

/** The database said no, with a stable key (a refusal's HINT) and its JSON detail. */
export class DatabaseRefusal extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    message: string,
    readonly detail: Record<string, unknown> | undefined,
  ) {
    super(message)
  }
}

/** The database could not answer (down, or an error of its own): worth trying again. */
export class DatabaseFailure extends Error {}

/** Calls public.<name>(args) as the holder of `token` (default: the service role). */
export async function rpc(api: SupabaseApi, name: string, args: Record<string, unknown>, token = api.serviceRoleKey): Promise<unknown> {
  return request(api, `/rest/v1/rpc/${name}`, token, { method: 'POST', body: JSON.stringify(args) })
}

/** GET of a REST path (`/rest/v1/...`) as the holder of `token`. */
export async function select(api: SupabaseApi, path: string, token: string): Promise<unknown> {
  return request(api, path, token, { method: 'GET' })
}

/** The signed-in user a token stands for; null for the anon key, an expired or a forged token. */
export async function signedInUser(api: SupabaseApi, token: string): Promise<{ id: string; email: string | undefined } | null> {
  if (!token) return null
  let response: Response
  try {
    response = await fetch(`${api.url}/auth/v1/user`, { headers: { apikey: api.anonKey, Authorization: `Bearer ${token}` } })
  } catch (error) {
    throw new DatabaseFailure(`Auth did not answer: ${String(error)}`)
  }
  if (response.status >= 500) throw new DatabaseFailure(`Auth answered ${response.status}`)
  if (!response.ok) return null
  const user = (await response.json()) as { id?: unknown; email?: unknown }
  return typeof user.id === 'string' ? { id: user.id, email: typeof user.email === 'string' && user.email ? user.email : undefined } : null
}

async function request(api: SupabaseApi, path: string, token: string, init: RequestInit): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(`${api.url}${path}`, { ...init, headers: { apikey: api.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } })
  } catch (error) {
    throw new DatabaseFailure(`The database did not answer ${path}: ${String(error)}`)
  }
  const text = await response.text()
  if (response.status >= 500) throw new DatabaseFailure(`${path} answered ${response.status}: ${text.slice(0, 300)}`)
  if (!response.ok) throw refusalOf(response.status, text)
  return text ? JSON.parse(text) : null
}

/** PostgREST's error: `{ code, message, details, hint }`; our functions' key is the hint, their detail JSON. */
function refusalOf(status: number, text: string): DatabaseRefusal {
  let body: { code?: unknown; message?: unknown; details?: unknown; hint?: unknown } = {}
  try {
    body = JSON.parse(text) as typeof body
  } catch {
    // not PostgREST's JSON
  }
  const key = typeof body.hint === 'string' && body.hint ? body.hint : typeof body.code === 'string' ? body.code : `http_${status}`
  return new DatabaseRefusal(status, key, typeof body.message === 'string' ? body.message : text.slice(0, 300), parseDetail(body.details))
}

function parseDetail(details: unknown): Record<string, unknown> | undefined {
  if (typeof details !== 'string') return undefined
  try {
    const parsed: unknown = JSON.parse(details)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
