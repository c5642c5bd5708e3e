import type { PGlite } from '@electric-sql/pglite'
import type { HttpRequest } from '../http'
import { bearerToken, verifyJwt, type Claims } from '../jwt'
import type { MailOutbox } from '../mail'
import type { AuthConfig } from './config'
import { authErrors } from './errors'
import type { RateLimiter } from './rate-limit'
import type { Sessions } from './sessions'
import { findUserById, type UserRow } from './users'

export interface AuthContext {
  db: PGlite
  sessions: Sessions
  mail: MailOutbox
  config: AuthConfig
  limiter: RateLimiter
}

/** GoTrue's requireAuthentication: a valid user access token whose user and session still exist. */
export async function requireUser(context: AuthContext, request: HttpRequest): Promise<{ user: UserRow; claims: Claims }> {
  const token = bearerToken(request.header('authorization'))
  if (!token) throw authErrors.noAuthorization()
  const verified = await verifyJwt(token)
  if (!verified.ok) throw authErrors.badJwt(verified.reason === 'expired' ? 'token has invalid claims: token is expired' : verified.message)
  const { claims } = verified
  if (!claims.sub) throw authErrors.missingSub()
  const user = await findUserById(context.db, claims.sub)
  if (!user) throw authErrors.userNotFound()
  if (claims.session_id && !(await context.sessions.exists(claims.session_id))) throw authErrors.sessionNotFound()
  return { user, claims }
}
