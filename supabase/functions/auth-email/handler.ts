// auth-email: Supabase Auth's Send Email Hook (dashboard → Authentication → Hooks → Send Email, an
// HTTPS hook to this function). Auth calls it, signed with the hook's secret (SEND_EMAIL_HOOK_SECRET),
// instead of sending its own mail: sign-up confirmation, password reset, e-mail change, magic link and
// invite, each rendered in the customer's language and sent through the same provider as every other
// mail. The stand-in's Auth calls it the same way. verify_jwt = false: the signature is its authority.
import { ConfigError, required, type Env } from '../_shared/env.ts'
import { json } from '../_shared/http.ts'
import { isMailLang, type MailLang } from '../_shared/mail/i18n.ts'
import { renderMail } from '../_shared/mail/render.ts'
import { verifyWebhook } from '../_shared/standard-webhooks.ts'
import { DatabaseFailure, select, type SupabaseApi } from '../_shared/supabase-api.ts'
import { readSendMailConfig } from '../send-mail/config.ts'
import { accountMails, readHookPayload, UnusableHookPayload, type HookUser } from './account-mails.ts'

/** Auth's hooks read a refusal as `{ error: { http_code, message } }`; 429 and 503 it tries again. */
const hookError = (status: number, message: string) => json(status, { error: { http_code: status, message } })

/** The customer's language as they chose it (profiles.lang), else the sign-up's (before the profile exists), else Spanish. */
async function languageOf(api: SupabaseApi, user: HookUser): Promise<MailLang> {
  const rows = (await select(api, `/rest/v1/profiles?select=lang&id=eq.${encodeURIComponent(user.id)}`, api.serviceRoleKey)) as { lang?: unknown }[]
  const chosen = rows[0]?.lang
  if (isMailLang(chosen)) return chosen
  return isMailLang(user.metadataLang) ? user.metadataLang : 'es'
}

export function authEmailHandler(env: Env, log: (line: string) => void = (line) => console.error(line)): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return json(405, { error: { http_code: 405, message: 'POST only' } }, { Allow: 'POST' })
    const body = await request.text()
    try {
      const verdict = await verifyWebhook(required(env, 'SEND_EMAIL_HOOK_SECRET'), request.headers, body)
      if (!verdict.ok) return hookError(401, `Not Auth's call: ${verdict.error}`)
      const config = readSendMailConfig(env)
      const hook = readHookPayload(JSON.parse(body))
      const lang = await languageOf(config.api, hook.user)
      for (const mail of accountMails(config.api.url, hook)) {
        const { subject, html, text } = renderMail({ kind: mail.kind, lang, payload: mail.payload, siteUrl: config.siteUrl })
        // Auth's retry of this call carries the same webhook-id: the provider sends each mail once.
        const outcome = await config.provider.send({ from: config.from, to: mail.to, subject, html, text }, `auth-email:${verdict.id}:${mail.to}`)
        if (!outcome.ok) {
          log(`[auth-email] ${mail.kind} to ${mail.to}: ${outcome.error}`)
          return hookError(outcome.retry ? 503 : 500, 'The mail provider did not take the mail')
        }
      }
      return json(200, {})
    } catch (error) {
      if (error instanceof SyntaxError || error instanceof UnusableHookPayload) return hookError(400, error.message)
      if (error instanceof ConfigError || error instanceof DatabaseFailure) {
        log(`[auth-email] ${error.message}`)
        return hookError(error instanceof DatabaseFailure ? 503 : 500, error instanceof DatabaseFailure ? 'The database did not answer' : 'auth-email is not configured')
      }
      throw error
    }
  }
}
