import type { JwtClaims } from '../as-role'
import type { HttpRequest } from '../http'
import { bearerToken, verifyJwt } from '../jwt'
import { storageErrors } from './errors'

const API_ROLES = new Set(['anon', 'authenticated', 'service_role'])

/** The claims Storage runs a request with: the bearer token's (the anon key included). A missing or bad token is refused. */
export async function storageClaims(request: HttpRequest): Promise<JwtClaims> {
  const token = bearerToken(request.header('authorization'))
  if (!token) throw storageErrors.noAuthorization()
  const result = await verifyJwt(token)
  if (!result.ok) throw storageErrors.invalidJwt(result.reason === 'expired' ? 'jwt expired' : result.message)
  const role = result.claims.role ?? 'anon'
  if (!API_ROLES.has(role)) throw storageErrors.invalidJwt(`role ${role} is not allowed`)
  return { ...result.claims, role } as JwtClaims
}
