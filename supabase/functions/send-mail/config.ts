// send-mail's settings, from the function's environment (`supabase secrets set` on a hosted project).
import { ConfigError, required, type Env } from '../_shared/env.ts'
import { mailLinkSecret } from '../_shared/signed-link.ts'
import { readSupabaseApi, type SupabaseApi } from '../_shared/supabase-api.ts'
import { mailpitProvider, resendProvider, type MailProvider } from './provider.ts'

export interface SendMailConfig {
  api: SupabaseApi
  provider: MailProvider
  /** "Casillero Miami <avisos@your-domain>": an address of the domain verified at the provider. */
  from: string
  /** The app, for the links in the mail. */
  siteUrl: string
  /** What unsubscribe links are signed with (MAIL_LINK_SECRET). */
  linkSecret: string
}

export const DEFAULT_MAIL_FROM = 'Casillero Miami <avisos@casilleromiami.com>'

/** Resend with RESEND_API_KEY; Mailpit's API at MAILPIT_URL (the stand-in's catcher) without. */
export function readSendMailConfig(env: Env, timeoutMs?: number): SendMailConfig {
  const resendKey = env('RESEND_API_KEY')
  const mailpitUrl = env('MAILPIT_URL')
  let provider: MailProvider
  if (resendKey) provider = resendProvider({ apiKey: resendKey, baseUrl: env('RESEND_API_BASE') || undefined, timeoutMs })
  else if (mailpitUrl) provider = mailpitProvider({ url: mailpitUrl, timeoutMs })
  else throw new ConfigError('Set RESEND_API_KEY (or MAILPIT_URL for a local mail catcher)')
  return { api: readSupabaseApi(env), provider, from: env('MAIL_FROM') || DEFAULT_MAIL_FROM, siteUrl: required(env, 'SITE_URL'), linkSecret: mailLinkSecret(env) }
}
