import type { PGlite } from '@electric-sql/pglite'
import type { HttpRequest } from '../http'
import { bearerToken, verifyJwt, type Claims } from '../jwt'
import type { MailOutbox } from '../mail'
import { authErrors } from './errors'
import type { Sessions } from './sessions'
import { findUserById, type UserRow } from './users'

export interface AuthConfig {
  /** The API's base URL (e.g. http://127.0.0.1:54321), known once the server listens. */
  apiUrl(): string
  /** Where links send people when redirect_to is missing or not allowed (config.toml's site_url). */
  siteUrl: string
  /** Signup waits for the mailed link before it signs the user in (enable_confirmations). */
  confirmEmail: boolean
}

export interface AuthContext {
  db: PGlite
  sessions: Sessions
  mail: MailOutbox
  config: AuthConfig
}

export async function readJsonObject(request: HttpRequest): Promise<Record<string, unknown>> {
  const text = await request.text()
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw authErrors.badJson(error instanceof Error ? error.message : String(error))
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw authErrors.badJson('expected a JSON object')
  return value as Record<string, unknown>
}

export const stringField = (body: Record<string, unknown>, key: string): string => {
  const value = body[key]
  return typeof value === 'string' ? value : ''
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

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])$/

/** redirect_to if it is a local URL or on the site's origin (GoTrue's allow list), else the site URL. */
export function redirectTarget(config: AuthConfig, requested: string | null | undefined): string {
  if (requested) {
    try {
      const url = new URL(requested)
      const site = new URL(config.siteUrl)
      if ((url.protocol === 'http:' || url.protocol === 'https:') && (LOCAL_HOST.test(url.hostname) || url.origin === site.origin)) return requested
    } catch {
      // not a URL: fall back to the site URL
    }
  }
  return config.siteUrl
}
