import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose'
import { SUPABASE_LOCAL_JWT_SECRET } from './keys'

const secret = new TextEncoder().encode(SUPABASE_LOCAL_JWT_SECRET)

export type Claims = JWTPayload & { role?: string; session_id?: string; email?: string }

export async function signJwt(claims: Claims): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret)
}

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid'; message: string }

/** Checks signature and expiry only, as PostgREST and GoTrue do with a shared HS256 secret. */
export async function verifyJwt(token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] })
    return { ok: true, claims: payload as Claims }
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' }
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      return { ok: false, reason: 'invalid', message: 'JWSError JWSInvalidSignature' }
    }
    const parts = token.split('.').length
    if (parts !== 3) {
      return { ok: false, reason: 'invalid', message: `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${parts})` }
    }
    return { ok: false, reason: 'invalid', message: error instanceof Error ? `JWSError ${error.message}` : 'JWSError' }
  }
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return match?.[1]
}
