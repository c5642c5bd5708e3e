// One run of the sender: claims the mail that is due (claim_mail), sends each through the provider with
// its row's idempotency key, and records the outcome (mail_sent, or mail_attempt_failed with when to try
// again, or none: failed for good). Runs claim batches until none is left or the run's budget is spent.
// A run that dies mid-send leaves its rows claimed; the claim lapses and a later run sends them again,
// with the same key, which the provider answers without sending a second mail.
import { rpc } from '../_shared/supabase-api.ts'
import { UnknownMailKind } from '../_shared/mail/render.ts'
import { composeMail, type QueuedMail } from './compose.ts'
import type { SendMailConfig } from './config.ts'
import type { SendOutcome } from './provider.ts'
import { mailRetryDelayMs, type MailRetryPolicy } from './retry-policy.ts'
import { unsubscribeLinks } from './unsubscribe-headers.ts'

export interface SendSummary {
  sent: number
  retrying: number
  failed: number
}

export interface RunLimits {
  /** Rows claimed at once, sent side by side. */
  batch: number
  /** No new batch is claimed after this long. */
  budgetMs: number
  /** How long a claim holds its rows: longer than a send can take. */
  holdSeconds: number
}

export const DEFAULT_RUN_LIMITS: RunLimits = { batch: 20, budgetMs: 50_000, holdSeconds: 120 }

export async function sendDueMail(config: SendMailConfig, policy: MailRetryPolicy, limits: RunLimits = DEFAULT_RUN_LIMITS): Promise<SendSummary> {
  const summary: SendSummary = { sent: 0, retrying: 0, failed: 0 }
  const started = Date.now()
  while (Date.now() - started < limits.budgetMs) {
    const claimed = (await rpc(config.api, 'claim_mail', { p_limit: limits.batch, p_hold: `${limits.holdSeconds} seconds` })) as QueuedMail[]
    if (claimed.length === 0) break
    await Promise.all(claimed.map((mail) => sendOne(config, policy, mail, summary)))
  }
  return summary
}

/** What the provider says of the mail; a mail with no template fails for good without reaching it. */
async function deliver(config: SendMailConfig, mail: QueuedMail): Promise<SendOutcome> {
  const unsubscribe = await unsubscribeLinks(mail, config)
  let message
  try {
    message = composeMail(mail, config.from, config.siteUrl, unsubscribe?.pageUrl)
  } catch (error) {
    if (error instanceof UnknownMailKind) return { ok: false, retry: false, error: error.message }
    throw error
  }
  return config.provider.send({ ...message, headers: unsubscribe?.headers }, mail.idempotency_key)
}

async function sendOne(config: SendMailConfig, policy: MailRetryPolicy, mail: QueuedMail, summary: SendSummary) {
  const outcome = await deliver(config, mail)
  if (outcome.ok) {
    await rpc(config.api, 'mail_sent', { p_id: mail.id, p_attempt: mail.attempts, p_provider_id: outcome.providerId })
    summary.sent += 1
    return
  }
  const delay = outcome.retry ? mailRetryDelayMs(policy, mail.attempts) : undefined
  await rpc(config.api, 'mail_attempt_failed', { p_id: mail.id, p_attempt: mail.attempts, p_error: outcome.error, p_retry_in: delay === undefined ? null : `${delay} milliseconds` })
  if (delay === undefined) summary.failed += 1
  else summary.retrying += 1
}
