// POST /recover mails a recovery link; GET /verify (the link) and POST /verify (verifyOtp) turn a
// mailed token into a session, as GoTrue's implicit flow does.
import { json, redirect, type HttpRequest, type HttpResponse } from '../http'
import { containsNul, readJsonObject, stringField } from './body'
import type { AuthContext } from './context'
import { AuthError, authErrors } from './errors'
import { limitClient, limitMail } from './limits'
import { sendMailedToken } from './mailer'
import { isFresh, tokenHash } from './otp'
import { redirectTarget } from './redirect'
import type { SessionJson } from './sessions'
import { validateEmail } from './signup'
import { findUserByEmail, findUserByTokenHash, updateUser, type UserRow } from './users'

type VerifyType = 'signup' | 'recovery' | 'magiclink' | 'email'
const VERIFY_TYPES = new Set<string>(['signup', 'recovery', 'magiclink', 'email'])

/** POST /recover: `{}` whether or not the email has an account, so that it cannot tell which do. */
export async function recover(context: AuthContext, request: HttpRequest): Promise<HttpResponse> {
  limitClient(context, request, 'sign_in_sign_ups', 'recover')
  const body = await readJsonObject(request)
  const raw = stringField(body, 'email')
  if (raw.trim() === '') throw authErrors.validation('Password recovery requires an email')
  const email = validateEmail(raw)
  const user = await findUserByEmail(context.db, email)
  if (user) {
    limitMail(context, user.recovery_sent_at)
    await sendMailedToken(context, user, 'recovery', redirectTarget(context.config.redirects, request))
  }
  return json(200, {})
}

function verifyType(raw: string | null): VerifyType {
  if (raw === null || !VERIFY_TYPES.has(raw)) throw authErrors.validation(`Unsupported verification type "${raw ?? ''}"`)
  return raw as VerifyType
}

async function userForToken(context: AuthContext, type: VerifyType, hash: string): Promise<{ user: UserRow; column: 'confirmation_token' | 'recovery_token' } | undefined> {
  const columns = type === 'signup' ? (['confirmation_token'] as const) : type === 'email' ? (['confirmation_token', 'recovery_token'] as const) : (['recovery_token'] as const)
  for (const column of columns) {
    const user = await findUserByTokenHash(context.db, column, hash)
    const sentAt = column === 'confirmation_token' ? user?.confirmation_sent_at : user?.recovery_sent_at
    if (user && isFresh(sentAt ?? null)) return { user, column }
  }
  return undefined
}

/** Uses up a mailed token (once) and signs its user in; the email counts as confirmed. */
async function redeem(context: AuthContext, type: VerifyType, hash: string): Promise<SessionJson> {
  const found = await userForToken(context, type, hash)
  if (!found) throw authErrors.otpExpired()
  const cleared = found.column === 'confirmation_token' ? { confirmationToken: '' } : { recoveryToken: '' }
  const user = await updateUser(context.db, found.user.id, { ...cleared, confirmEmail: true, lastSignIn: true })
  return context.sessions.start(user, type === 'recovery' ? 'recovery' : 'otp')
}

/** GET /verify?token=…&type=…&redirect_to=… — the mailed link; answers with a redirect either way. */
export async function verifyLink(context: AuthContext, request: HttpRequest): Promise<HttpResponse> {
  limitClient(context, request, 'token_verifications', 'verify')
  const params = request.url.searchParams
  const type = verifyType(params.get('type'))
  const token = params.get('token') ?? ''
  if (token === '') throw authErrors.validation('Verify requires a token or a token hash')
  if (containsNul(token)) throw authErrors.validation('"token" must not contain NUL characters')
  const target = redirectTarget(context.config.redirects, request).split('#')[0]!
  try {
    const session = await redeem(context, type, token)
    const fragment = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: session.token_type,
      type,
    })
    return redirect(`${target}#${fragment.toString()}`)
  } catch (error) {
    if (!(error instanceof AuthError)) throw error
    const fragment = new URLSearchParams({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' })
    return redirect(`${target}#${fragment.toString()}`)
  }
}

/** POST /verify with { type, token_hash } or { type, email, token } (supabase.auth.verifyOtp). */
export async function verifyOtp(context: AuthContext, request: HttpRequest): Promise<HttpResponse> {
  limitClient(context, request, 'token_verifications', 'verify')
  const body = await readJsonObject(request)
  const type = verifyType(stringField(body, 'type'))
  let hash = stringField(body, 'token_hash')
  if (hash === '') {
    const email = stringField(body, 'email')
    const otp = stringField(body, 'token')
    if (email === '' || otp === '') throw authErrors.validation('Verify requires a token or a token hash')
    const user = await findUserByEmail(context.db, email)
    hash = user?.email ? tokenHash(user.email, otp) : ''
  }
  return json(200, await redeem(context, type, hash))
}
