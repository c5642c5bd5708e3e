import type { JwtClaims } from '../as-role'
import { apiKey } from '../gateway'
import type { HttpRequest } from '../http'
import { bearerToken, verifyJwt } from '../jwt'
import { RestError } from './errors'

const API_ROLES = new Set(['anon', 'authenticated', 'service_role'])

/**
 * The claims PostgREST would run a request with: the bearer token's, else the apikey's (the API
 * gateway passes it on), else anonymous. A bad or expired token is refused, never downgraded.
 */
export async function requestClaims(request: HttpRequest): Promise<JwtClaims | null> {
  const token = bearerToken(request.header('authorization')) ?? apiKey(request)
  if (!token) return null
  const result = await verifyJwt(token)
  if (!result.ok) {
    throw new RestError(
      401,
      { code: 'PGRST301', message: result.message, details: null, hint: null },
      { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${result.message}"` },
    )
  }
  const role = result.claims.role ?? 'anon'
  if (!API_ROLES.has(role)) {
    throw new RestError(401, { code: '42501', message: `permission denied to set role "${role}"`, details: null, hint: null })
  }
  return { ...result.claims, role } as JwtClaims
}
