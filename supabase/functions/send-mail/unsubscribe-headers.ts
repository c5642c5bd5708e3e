// The one-click unsubscribe every mail carries but a receipt (RFC 8058): List-Unsubscribe, the
// unsubscribe function's URL a mail client POSTs to, and List-Unsubscribe-Post, which says it may; and
// the app's page for the mail's footer. Account mail is Auth's, never in this outbox.
import { unsubscribeFunctionUrl, unsubscribePageUrl, unsubscribeToken } from '../_shared/unsubscribe-link.ts'
import type { QueuedMail } from './compose.ts'
import type { SendMailConfig } from './config.ts'

/** What is mailed whatever the customer chose: a receipt, and the answers to what they wrote to us. */
const ALWAYS_MAILED = new Set(['payment_received', 'contact_received', 'contact_answered'])

export interface UnsubscribeLinks {
  headers: Record<string, string>
  pageUrl: string
}

/** undefined: the mail has no unsubscribe (a receipt, or a customer who has left). */
export async function unsubscribeLinks(mail: QueuedMail, config: Pick<SendMailConfig, 'api' | 'linkSecret' | 'siteUrl'>): Promise<UnsubscribeLinks | undefined> {
  if (!mail.user_id || ALWAYS_MAILED.has(mail.kind)) return undefined
  const token = await unsubscribeToken(config.linkSecret, { userId: mail.user_id, kind: mail.kind })
  return {
    headers: { 'List-Unsubscribe': `<${unsubscribeFunctionUrl(config.api.url, token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    pageUrl: unsubscribePageUrl(config.siteUrl, mail.lang, token),
  }
}
