// The two mails GoTrue sends here: signup confirmation and password recovery. Each stores the
// token's hash on the user and sends a link to GET /auth/v1/verify plus the 6-digit code, through
// the Send Email Hook as GoTrue does when one is set (a refusal is GoTrue's 500).
import type { MailType } from '../mail'
import type { AuthContext } from './context'
import { AuthError } from './errors'
import { newMailedToken } from './otp'
import { updateUser, type UserRow } from './users'

const SUBJECTS: Record<MailType, string> = {
  signup: 'Confirm Your Signup',
  recovery: 'Reset Your Password',
  magiclink: 'Your Magic Link',
}

function verifyLink(context: AuthContext, hash: string, type: MailType, redirectTo: string): string {
  const query = new URLSearchParams({ token: hash, type, redirect_to: redirectTo })
  return `${context.config.apiUrl()}/auth/v1/verify?${query.toString()}`
}

/** Callers check limitMail first, before anything is written. */
export async function sendMailedToken(context: AuthContext, user: UserRow, type: 'signup' | 'recovery', redirectTo: string): Promise<UserRow> {
  const email = user.email ?? ''
  const { otp, hash } = newMailedToken(email)
  const updated = await updateUser(context.db, user.id, type === 'signup' ? { confirmationToken: hash } : { recoveryToken: hash })
  const hookPayload = {
    user: { id: user.id, email, user_metadata: user.raw_user_meta_data ?? {} },
    email_data: { token: otp, token_hash: hash, redirect_to: redirectTo, email_action_type: type, site_url: `${context.config.apiUrl()}/auth/v1`, token_new: '', token_hash_new: '' },
  }
  try {
    await context.mail.send({ to: email, subject: SUBJECTS[type], link: verifyLink(context, hash, type, redirectTo), otp, type }, hookPayload)
  } catch (error) {
    throw new AuthError(500, 'unexpected_failure', `Error sending ${type === 'signup' ? 'confirmation' : 'recovery'} email: ${error instanceof Error ? error.message : String(error)}`)
  }
  return updated
}
