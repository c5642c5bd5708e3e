// mail-events: the mail provider's word that an address no longer takes mail. No JWT (verify_jwt =
// false in config.toml): Resend's Svix signature, checked with RESEND_WEBHOOK_SECRET, is its
// authority. A hard bounce (`email.bounced` of type Permanent) or a complaint (`email.complained`)
// suppresses each address it names (public.suppress_mail_address): nothing more is mailed there and its
// customer is flagged for admins. Svix delivers a message again until it hears a 2xx, with the same
// svix-id, which the database records once; a bad or stale signature is a 400 and records nothing; a
// 503, so that it comes again, when the database did not answer.
import { ConfigError, required, type Env } from '../_shared/env.ts'
import { json } from '../_shared/http.ts'
import { DatabaseFailure, DatabaseRefusal, readSupabaseApi, rpc, type SupabaseApi } from '../_shared/supabase-api.ts'
import { parseMailbox } from '../send-mail/provider.ts'
import { verifySvix } from './svix.ts'

interface ResendEvent {
  type?: unknown
  data?: { to?: unknown; bounce?: { type?: unknown; message?: unknown } }
}

/** What the event stands for: the addresses to suppress and why, or why it stands for nothing. */
function suppressionOf(event: ResendEvent): { reason: 'hard_bounce' | 'complaint'; addresses: string[]; detail: string | null } | { ignored: string } {
  const to = event.data?.to
  const addresses = (Array.isArray(to) ? to : [to]).flatMap((mailbox) => (typeof mailbox === 'string' && mailbox.includes('@') ? [parseMailbox(mailbox).address] : []))
  if (event.type === 'email.complained') return { reason: 'complaint', addresses, detail: null }
  if (event.type !== 'email.bounced') return { ignored: String(event.type) }
  // A transient bounce (a full mailbox, a greylisting server) is the sender's retries' business.
  if (event.data?.bounce?.type !== 'Permanent') return { ignored: 'not_a_hard_bounce' }
  const message = event.data.bounce.message
  return { reason: 'hard_bounce', addresses, detail: typeof message === 'string' ? message : null }
}

export function mailEventsHandler(env: Env, log: (line: string) => void = (line) => console.error(line)): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'POST only' }, { Allow: 'POST' })
    let secret: string
    let api: SupabaseApi
    try {
      secret = required(env, 'RESEND_WEBHOOK_SECRET')
      api = readSupabaseApi(env)
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      log(`[mail-events] ${error.message}`)
      return json(500, { error: 'mail_events_not_configured', message: 'The webhook is not configured' })
    }
    const body = await request.text()
    const verdict = await verifySvix(secret, request.headers, body)
    if (!verdict.ok) return json(400, { error: verdict.error, message: 'The webhook signature is missing, stale or wrong' })
    let event: ResendEvent
    try {
      event = JSON.parse(body) as ResendEvent
    } catch {
      return json(400, { error: 'bad_event', message: 'The body is not JSON' })
    }
    const outcome = suppressionOf(event)
    if ('ignored' in outcome) return json(200, outcome)
    try {
      const suppressed: string[] = []
      // One event per address: a mail to several, each its own suppression, each recorded once.
      for (const address of outcome.addresses) {
        const fresh = await rpc(api, 'suppress_mail_address', { p_address: address, p_reason: outcome.reason, p_event_id: `${verdict.id}:${address.toLowerCase()}`, p_detail: outcome.detail })
        if (fresh === true) suppressed.push(address)
      }
      return json(200, { reason: outcome.reason, suppressed })
    } catch (error) {
      if (error instanceof DatabaseRefusal) {
        // Not an address the database takes: trying again cannot change that.
        log(`[mail-events] ${verdict.id}: refused (${error.key}): ${error.message}`)
        return json(200, { ignored: error.key })
      }
      if (error instanceof DatabaseFailure) {
        log(`[mail-events] ${verdict.id}: ${error.message}`)
        return json(503, { error: 'try_again', message: 'The suppression could not be recorded yet' })
      }
      throw error
    }
  }
}
