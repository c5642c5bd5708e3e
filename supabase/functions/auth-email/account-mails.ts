// The mails Auth asks the Send Email Hook to send, from its payload: what kind, to whom, and the link
// Auth itself would have mailed (`{SUPABASE_URL}/auth/v1/verify?token=…&type=…&redirect_to=…`, which
// verifies the token and sends the reader on to redirect_to), with the 6-digit code beside it.
import type { MailKind } from '../_shared/mail/kinds.ts'

export interface HookUser {
  id: string
  email: string
  /** An e-mail change's new address. */
  newEmail: string
  /** The sign-up's data.lang, kept in user_metadata. */
  metadataLang: unknown
}

export interface HookEmail {
  token: string
  tokenHash: string
  redirectTo: string
  actionType: string
  /** An e-mail change's second token, for the current address (Auth's naming: see accountMails). */
  tokenNew: string
  tokenHashNew: string
}

export interface AccountMail {
  to: string
  kind: MailKind
  payload: { url: string; code: string; email: string; new_email: string }
}

/** A payload this function cannot make a mail of. */
export class UnusableHookPayload extends Error {}

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const object = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {})

export function readHookPayload(body: unknown): { user: HookUser; email: HookEmail } {
  const user = object(object(body).user)
  const data = object(object(body).email_data)
  const parsed = {
    user: { id: text(user.id), email: text(user.email), newEmail: text(user.new_email), metadataLang: object(user.user_metadata).lang },
    email: {
      token: text(data.token),
      tokenHash: text(data.token_hash),
      redirectTo: text(data.redirect_to),
      actionType: text(data.email_action_type),
      tokenNew: text(data.token_new),
      tokenHashNew: text(data.token_hash_new),
    },
  }
  if (!parsed.user.id || !parsed.email.actionType) throw new UnusableHookPayload('The hook payload has no user or no email_action_type')
  return parsed
}

/** Auth's action types this function mails, with the kind of mail and the verify link's type. */
const ACTIONS: Record<string, { kind: MailKind; type: string }> = {
  signup: { kind: 'account_signup', type: 'signup' },
  recovery: { kind: 'account_recovery', type: 'recovery' },
  magiclink: { kind: 'account_magiclink', type: 'magiclink' },
  email: { kind: 'account_magiclink', type: 'magiclink' },
  invite: { kind: 'account_invite', type: 'invite' },
  email_change: { kind: 'account_email_change', type: 'email_change' },
}

export function verifyUrl(supabaseUrl: string, tokenHash: string, type: string, redirectTo: string): string {
  const query = new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo })
  return `${supabaseUrl.replace(/\/+$/, '')}/auth/v1/verify?${query.toString()}`
}

export function accountMails(supabaseUrl: string, { user, email }: { user: HookUser; email: HookEmail }): AccountMail[] {
  const action = Object.hasOwn(ACTIONS, email.actionType) ? ACTIONS[email.actionType] : undefined
  if (!action) throw new UnusableHookPayload(`No mail for email_action_type ${email.actionType}`)
  const mail = (to: string, tokenHash: string, code: string): AccountMail => ({
    to,
    kind: action.kind,
    payload: { url: verifyUrl(supabaseUrl, tokenHash, action.type, email.redirectTo), code, email: user.email, new_email: user.newEmail },
  })
  if (email.actionType !== 'email_change') return [mail(user.email, email.tokenHash, email.token)]
  // With secure e-mail change both addresses confirm: token_hash goes to the new address and
  // token_hash_new to the current one (Auth's names are the other way round); without, only the new.
  const mails = [mail(user.newEmail, email.tokenHash, email.token)]
  if (email.tokenHashNew && user.email) mails.push(mail(user.email, email.tokenHashNew, email.tokenNew))
  return mails
}
