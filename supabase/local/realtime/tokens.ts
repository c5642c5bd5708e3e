// Realtime's check of the JWT a channel joins with (RealtimeWeb.ChannelsAuthorization): a valid
// HS256 signature with the project's secret, `role` and `exp` present, `exp` in the future.
import { errors, jwtVerify } from 'jose'
import type { ApiRole, JwtClaims } from '../as-role'
import { SUPABASE_LOCAL_JWT_SECRET } from '../keys'

export type TokenCheck =
  | { ok: true; claims: JwtClaims & { exp: number } }
  /** `code: message` is Realtime's join error reason; the message alone its shutdown notice. */
  | { ok: false; code: string; message: string }

const secret = new TextEncoder().encode(SUPABASE_LOCAL_JWT_SECRET)
const API_ROLES: ReadonlySet<string> = new Set<ApiRole>(['anon', 'authenticated', 'service_role'])
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function checkToken(token: string): Promise<TokenCheck> {
  let claims: Record<string, unknown>
  try {
    claims = (await jwtVerify(token, secret, { algorithms: ['HS256', 'HS384', 'HS512'] })).payload
  } catch (error) {
    return refusal(error)
  }
  const { role, exp, sub } = claims
  if (typeof role !== 'string' || typeof exp !== 'number') {
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' }
  }
  // Realtime would run as any role the token names; the stand-in's database knows these three.
  if (!API_ROLES.has(role)) {
    return { ok: false, code: 'InvalidJWTToken', message: `The local stand-in serves the roles anon, authenticated and service_role, not "${role}"` }
  }
  // auth.uid() casts sub to uuid: any other sub would make every RLS check fail.
  if (sub !== undefined && !(typeof sub === 'string' && (sub === '' || UUID.test(sub)))) {
    return { ok: false, code: 'InvalidJWTToken', message: 'invalid claim: sub claim must be a UUID' }
  }
  return { ok: true, claims: { ...claims, role: role as ApiRole, exp } }
}

/** Realtime's notice for an expired token, counted in whole seconds as it does. */
function expiredMessage(exp: number): string {
  return `Token has expired ${Math.floor(Date.now() / 1000) - exp} seconds ago`
}

function refusal(error: unknown): TokenCheck & { ok: false } {
  if (error instanceof errors.JWTExpired && typeof error.payload.exp === 'number') {
    return { ok: false, code: 'InvalidJWTToken', message: expiredMessage(error.payload.exp) }
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' }
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
    return { ok: false, code: 'JwtSignerError', message: 'Failed to generate JWT signer, check your JWT secret or JWKS configuration' }
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    return { ok: false, code: 'InvalidJWTToken', message: error.message }
  }
  return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' }
}
