import { randomUUID } from 'node:crypto'
import bcrypt from 'bcryptjs'
import { json, type HttpRequest, type HttpResponse } from '../http'
import { objectField, readJsonObject, stringField } from './body'
import type { AuthContext } from './context'
import { authErrors, MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH } from './errors'
import { limitClient, limitMail } from './limits'
import { sendMailedToken } from './mailer'
import { checkMetadata } from './metadata'
import { redirectTarget } from './redirect'
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

/** GoTrue's checkPasswordStrength: at most 72 bytes (bcrypt's limit), at least the minimum length. */
export function validatePassword(password: string) {
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) throw authErrors.passwordTooLong()
  if ([...password].length < MIN_PASSWORD_LENGTH) throw authErrors.weakPassword()
}

/** POST /signup: with confirmations off the user is signed in at once (a session); on, a link is mailed. */
export async function signup(context: AuthContext, request: HttpRequest): Promise<HttpResponse> {
  const body = await readJsonObject(request)
  const rawEmail = stringField(body, 'email')
  const phone = stringField(body, 'phone')
  if (rawEmail === '' && phone === '') throw authErrors.anonymousSignInsDisabled()
  limitClient(context, request, 'sign_in_sign_ups', 'signup')
  const password = stringField(body, 'password')
  if (password === '') throw authErrors.validation('Signup requires a valid password')
  validatePassword(password)
  if (rawEmail !== '' && phone !== '') throw authErrors.validation('Only an email address or phone number should be provided on signup.')
  if (phone !== '') throw authErrors.phoneProviderDisabled()
  const email = validateEmail(rawEmail)
  const data = objectField(body, 'data') ?? {}
  checkMetadata(data)
  const redirectTo = redirectTarget(context.config.redirects, request)

  const existing = await findUserByEmail(context.db, email)
  if (existing) {
    if (!context.config.confirmEmail) throw authErrors.userAlreadyExists()
    if (existing.email_confirmed_at) {
      // GoTrue answers like a fresh signup so that signup cannot tell which emails have accounts.
      const now = new Date().toISOString()
      return json(200, { ...userJson(existing, []), id: randomUUID(), user_metadata: data, created_at: now, updated_at: now, confirmation_sent_at: now })
    }
    limitMail(context, existing.confirmation_sent_at)
    const resent = await sendMailedToken(context, existing, 'signup', redirectTo)
    return json(200, userJson(resent, await identitiesOf(context.db, resent.id)))
  }

  if (context.config.confirmEmail) limitMail(context, null)
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST)
  const user = await createUser(context.db, { email, passwordHash, userMetadata: data, confirmed: !context.config.confirmEmail })
  if (context.config.confirmEmail) {
    const pending = await sendMailedToken(context, user, 'signup', redirectTo)
    return json(200, userJson(pending, await identitiesOf(context.db, pending.id)))
  }
  const signedIn = await updateUser(context.db, user.id, { lastSignIn: true })
  return json(200, await context.sessions.start(signedIn, 'password'))
}
