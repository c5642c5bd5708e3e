// A queued mail as the provider is given it: rendered in the customer's language from its kind and
// payload (the templates in ../_shared/mail), addressed from the sender's mailbox.
import { renderMail } from '../_shared/mail/render.ts'
import type { MailLang } from '../_shared/mail/i18n.ts'
import type { MailMessage } from './provider.ts'

export interface QueuedMail {
  id: string
  /** null once the customer has left. */
  user_id: string | null
  address: string
  kind: string
  lang: MailLang
  payload: Record<string, unknown>
  idempotency_key: string
  attempts: number
}

/** unsubscribePageUrl: the app's page that turns this kind of mail off, for the footer. Throws UnknownMailKind for a kind without a template. */
export function composeMail(mail: QueuedMail, from: string, siteUrl: string, unsubscribePageUrl?: string): MailMessage {
  const { subject, html, text } = renderMail({ kind: mail.kind, lang: mail.lang, payload: mail.payload, siteUrl, unsubscribePageUrl })
  return { from, to: mail.address, subject, text, html }
}
