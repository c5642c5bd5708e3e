// The API gateway's key check (Kong's key-auth in Supabase's kong.yml): a request to /auth/v1 or
// /rest/v1 needs one of the project's API keys in the `apikey` header or query parameter, except
// the auth paths a browser opens straight from a mailed link or an OAuth redirect.
import { json, type HttpRequest, type HttpResponse } from './http'
import { SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from './keys'

const API_KEYS: ReadonlySet<string> = new Set([SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_SERVICE_ROLE_KEY])

// Kong matches route paths as plain prefixes.
const OPEN_PATHS = ['/auth/v1/verify', '/auth/v1/callback', '/auth/v1/authorize', '/auth/v1/.well-known/jwks.json']

/** The key a request carries: the header, else the query parameter. */
export function apiKey(request: HttpRequest): string | undefined {
  return request.header('apikey') || request.url.searchParams.get('apikey') || undefined
}

/** The gateway's 401 when the request lacks a valid API key; undefined when it may pass. */
export function apiKeyRefusal(request: HttpRequest): HttpResponse | undefined {
  if (OPEN_PATHS.some((open) => request.url.pathname.startsWith(open))) return undefined
  const key = apiKey(request)
  if (!key) return json(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' })
  if (!API_KEYS.has(key)) return json(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' })
  return undefined
}
