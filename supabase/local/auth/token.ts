import bcrypt from 'bcryptjs'
import { json, type HttpRequest, type HttpResponse } from '../http'
import { readJsonObject, stringField } from './body'
import type { AuthContext } from './context'
import { authErrors, MAX_PASSWORD_BYTES } from './errors'
import { limitClient } from './limits'
import { findUserByEmail, updateUser } from './users'

// Compared against when the email is unknown, so both failures take as long.
const DUMMY_HASH = '$2b$10$kDaDgZdaV7v0Ree3dIkkauUfBIvvzuSfzq4.TcTHAQHegfNXIzRYG'
/** GoTrue refuses shorter refresh tokens before looking them up. */
const MIN_REFRESH_TOKEN_LENGTH = 12

/**
 * POST /token?grant_type=password|refresh_token. Sign-ins count against sign_in_sign_ups (as the
 * CLI's config.toml describes it), refreshes against token_refresh.
 */
export async function token(context: AuthContext, request: HttpRequest): Promise<HttpResponse> {
  const grantType = request.url.searchParams.get('grant_type')
  if (grantType === 'password') {
    limitClient(context, request, 'sign_in_sign_ups', 'password-sign-in')
    return json(200, await passwordGrant(context, await readJsonObject(request)))
  }
  if (grantType === 'refresh_token') {
    limitClient(context, request, 'token_refresh', 'refresh')
    const refreshToken = stringField(await readJsonObject(request), 'refresh_token')
    if (refreshToken.length < MIN_REFRESH_TOKEN_LENGTH) throw authErrors.invalidRefreshToken()
    return json(200, await context.sessions.refresh(refreshToken))
  }
  throw authErrors.unsupportedGrant()
}

async function passwordGrant(context: AuthContext, body: Record<string, unknown>) {
  const email = stringField(body, 'email')
  const password = stringField(body, 'password')
  if (email.trim() === '' || password === '') throw authErrors.missingCredentials()
  const user = await findUserByEmail(context.db, email)
  const matches = await bcrypt.compare(password, user?.encrypted_password || DUMMY_HASH)
  // bcrypt reads 72 bytes: a longer password would match one cut short to them.
  if (!user || !matches || Buffer.byteLength(password) > MAX_PASSWORD_BYTES) throw authErrors.invalidCredentials()
  if (user.banned_until && user.banned_until > new Date()) throw authErrors.userBanned()
  if (!user.email_confirmed_at) throw authErrors.emailNotConfirmed()
  const signedIn = await updateUser(context.db, user.id, { lastSignIn: true })
  return context.sessions.start(signedIn, 'password')
}
