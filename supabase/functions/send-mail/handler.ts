// send-mail over HTTP, with Web APIs only, so the Edge Function (index.ts, Deno) and the local
// stand-in (Node) run the same code. POST with the service role key (pg_cron's or a Database
// Webhook's call on a hosted project, the stand-in's timer locally) sends what is due.
import { ConfigError, type Env } from '../_shared/env.ts'
import { bearerToken, json, sameSecret } from '../_shared/http.ts'
import { DatabaseFailure } from '../_shared/supabase-api.ts'
import { readSendMailConfig } from './config.ts'
import { DEFAULT_MAIL_RETRY, type MailRetryPolicy } from './retry-policy.ts'
import { DEFAULT_RUN_LIMITS, sendDueMail, type RunLimits } from './send-due.ts'

export interface SendMailOptions {
  retry?: MailRetryPolicy
  limits?: RunLimits
  /** How long the provider may take to answer one mail. */
  timeoutMs?: number
  log?: (line: string) => void
}

export function sendMailHandler(env: Env, options: SendMailOptions = {}): (request: Request) => Promise<Response> {
  const log = options.log ?? ((line: string) => console.error(line))
  return async (request) => {
    if (request.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'POST only' }, { Allow: 'POST' })
    try {
      const config = readSendMailConfig(env, options.timeoutMs)
      if (!sameSecret(bearerToken(request), config.api.serviceRoleKey)) return json(401, { error: 'service_role_only', message: 'Only the scheduler, with the service role key, sends mail' })
      return json(200, await sendDueMail(config, options.retry ?? DEFAULT_MAIL_RETRY, options.limits ?? DEFAULT_RUN_LIMITS))
    } catch (error) {
      if (error instanceof ConfigError) {
        log(`[send-mail] ${error.message}`)
        return json(500, { error: 'mail_not_configured', message: 'send-mail is not configured' })
      }
      if (error instanceof DatabaseFailure) {
        log(`[send-mail] ${error.message}`)
        return json(502, { error: 'database_unavailable', message: 'The database did not answer; the next run tries again' })
      }
      throw error
    }
  }
}
