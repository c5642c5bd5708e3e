import { randomUUID } from 'node:crypto'
import bcrypt from 'bcryptjs'
import { json, type HttpRequest, type HttpResponse } from '../http'
import { readJsonObject, redirectTarget, stringField, type AuthContext } from './context'
import { authErrors, MIN_PASSWORD_LENGTH } from './errors'
import { sendMailedToken } from './mailer'
import { userJson } from './user-json'
import { createUser, findUserByEmail, identitiesOf, normalizeEmail, updateUser } from './users'

export const BCRYPT_COST = 10
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function validateEmail(raw: string): string {
  const email = normalizeEmail(raw)
  if (email === '') throw authErrors.validation('An email address is required')
  if (email.length > 255) throw authErrors.validation('An email address is too long')
  if (!EMAIL_FORMAT.test(email)) throw authErrors.validation('Unable to validate email address: invalid format')
  return email
}

export function validatePassword(password: string) {
  if ([...password].length < MIN_PASSWORD_LENGTH) throw authErrors.weakPassword()
}

/** POST /signup: with confirmations off the user is signed in at once (a session); on, a link is mailed. */
export async function signup(context: AuthContext, request: HttpRequest): Promise<HttpResponse> {
  const body = await readJsonObject(request)
  if (stringField(body, 'phone') !== '' && stringField(body, 'email') === '') throw authErrors.validation('Phone signups are disabled')
  const email = validateEmail(stringField(body, 'email'))
  const password = stringField(body, 'password')
  if (password === '') throw authErrors.validation('Signup requires a valid password')
  validatePassword(password)
  const data = typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : {}
  const redirectTo = redirectTarget(context.config, request.url.searchParams.get('redirect_to') ?? stringField(body, 'email_redirect_to'))

  const existing = await findUserByEmail(context.db, email)
  if (existing) {
    if (!context.config.confirmEmail) throw authErrors.userAlreadyExists()
    if (existing.email_confirmed_at) {
      // GoTrue answers like a fresh signup so that signup cannot tell which emails have accounts.
      const now = new Date().toISOString()
      return json(200, { ...userJson(existing, []), id: randomUUID(), user_metadata: data, created_at: now, updated_at: now, confirmation_sent_at: now })
    }
    const resent = await sendMailedToken(context, existing, 'signup', redirectTo)
    return json(200, userJson(resent, await identitiesOf(context.db, resent.id)))
  }

  const passwordHash = await bcrypt.hash(password, BCRYPT_COST)
  const user = await createUser(context.db, { email, passwordHash, userMetadata: data, confirmed: !context.config.confirmEmail })
  if (context.config.confirmEmail) {
    const pending = await sendMailedToken(context, user, 'signup', redirectTo)
    return json(200, userJson(pending, await identitiesOf(context.db, pending.id)))
  }
  const signedIn = await updateUser(context.db, user.id, { lastSignIn: true })
  return json(200, await context.sessions.start(signedIn, 'password'))
}
