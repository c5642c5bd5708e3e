import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose'
import { SUPABASE_LOCAL_JWT_SECRET } from './keys'

const secret = new TextEncoder().encode(SUPABASE_LOCAL_JWT_SECRET)

export type Claims = JWTPayload & { role?: string; session_id?: string; email?: string; aal?: string }

export async function signJwt(claims: Claims): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret)
}

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid'; message: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// PostgREST's wording for a time claim that is not a number (jose checks exp, nbf and iat).
const NOT_A_NUMBER: Record<string, string> = {
  exp: "The JWT 'exp' claim must be a number",
  nbf: "The JWT 'nbf' claim must be a number",
  iat: "The JWT 'iat' claim must be a number",
}

/**
 * Checks signature, expiry and the shape of the claims the stand-in reads, as PostgREST and GoTrue
 * do with a shared HS256 secret. A well-signed token whose claims have the wrong type (a sub that
 * is no UUID, a role that is no string) is invalid here rather than an error in SQL later.
 */
export async function verifyJwt(token: string): Promise<VerifyResult> {
  let claims: Claims
  try {
    claims = (await jwtVerify<Claims>(token, secret, { algorithms: ['HS256'] })).payload
  } catch (error) {
    return { ok: false, ...failure(token, error) }
  }
  const malformed = malformedClaim(claims)
  return malformed ? { ok: false, reason: 'invalid', message: malformed } : { ok: true, claims }
}

function failure(token: string, error: unknown): { reason: 'expired' | 'invalid'; message: string } {
  if (error instanceof errors.JWTExpired) return { reason: 'expired', message: 'JWT expired' }
  if (error instanceof errors.JWSSignatureVerificationFailed) return { reason: 'invalid', message: 'JWSError JWSInvalidSignature' }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'invalid' && NOT_A_NUMBER[error.claim]) return { reason: 'invalid', message: NOT_A_NUMBER[error.claim]! }
    if (error.claim === 'nbf') return { reason: 'invalid', message: 'JWT not yet valid' }
  }
  const parts = token.split('.').length
  if (parts !== 3) {
    return { reason: 'invalid', message: `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${parts})` }
  }
  return { reason: 'invalid', message: error instanceof Error ? `JWSError ${error.message}` : 'JWSError' }
}

/** What is wrong with the claims GoTrue issues and the stand-in reads, if anything. */
function malformedClaim(claims: JWTPayload): string | undefined {
  // An empty sub is a missing one (GoTrue's "missing sub claim"; auth.uid() is null).
  if (claims.sub !== undefined && (typeof claims.sub !== 'string' || (claims.sub !== '' && !UUID.test(claims.sub)))) {
    return 'invalid claim: sub claim must be a UUID'
  }
  if (claims.session_id !== undefined && (typeof claims.session_id !== 'string' || !UUID.test(claims.session_id))) {
    return 'invalid claim: session_id claim must be a UUID'
  }
  if (claims.role !== undefined && typeof claims.role !== 'string') return "The JWT 'role' claim must be a string"
  if (claims.email !== undefined && typeof claims.email !== 'string') return "The JWT 'email' claim must be a string"
  const { aud } = claims
  if (aud !== undefined && typeof aud !== 'string' && !(Array.isArray(aud) && aud.every((item) => typeof item === 'string'))) {
    return "The JWT 'aud' claim must be a string or an array of strings"
  }
  return undefined
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return match?.[1]
}
