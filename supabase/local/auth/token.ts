import bcrypt from 'bcryptjs'
import { json, type HttpRequest, type HttpResponse } from '../http'
import { readJsonObject, stringField, type AuthContext } from './context'
import { authErrors } from './errors'
import { findUserByEmail, updateUser } from './users'

// Compared against when the email is unknown, so both failures take as long.
const DUMMY_HASH = '$2b$10$kDaDgZdaV7v0Ree3dIkkauUfBIvvzuSfzq4.TcTHAQHegfNXIzRYG'

/** POST /token?grant_type=password|refresh_token */
export async function token(context: AuthContext, request: HttpRequest): Promise<HttpResponse> {
  const grantType = request.url.searchParams.get('grant_type')
  const body = await readJsonObject(request)
  if (grantType === 'password') return json(200, await passwordGrant(context, body))
  if (grantType === 'refresh_token') {
    const refreshToken = stringField(body, 'refresh_token')
    if (refreshToken === '') throw authErrors.refreshTokenNotFound()
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
  if (!user || !matches) throw authErrors.invalidCredentials()
  if (user.banned_until && user.banned_until > new Date()) throw authErrors.userBanned()
  if (!user.email_confirmed_at) throw authErrors.emailNotConfirmed()
  const signedIn = await updateUser(context.db, user.id, { lastSignIn: true })
  return context.sessions.start(signedIn, 'password')
}
