// A queued mail as the provider is given it. The wording here is a plain placeholder (a subject per
// kind and language, the row's facts and a link into the app); the real templates, from the Lingui
// catalogs with HTML and text parts, replace it.
import type { MailMessage } from './provider.ts'

export interface QueuedMail {
  id: string
  /** null once the customer has left. */
  user_id: string | null
  address: string
  kind: string
  lang: 'es' | 'en'
  payload: Record<string, unknown>
  idempotency_key: string
  attempts: number
}

const SUBJECTS: Record<string, { es: string; en: string }> = {
  package_received: { es: 'Llegó tu paquete', en: 'Your package arrived' },
  package_delivered: { es: 'Tu paquete fue entregado', en: 'Your package was delivered' },
  storage_ending: { es: 'Tu almacenamiento gratis termina pronto', en: 'Your free storage ends soon' },
  storage_last_day: { es: 'Último día de almacenamiento gratis', en: 'Last day of free storage' },
  shipment_awaiting_approval: { es: 'Tu envío espera tu aprobación', en: 'Your shipment awaits your approval' },
  charge_due: { es: 'Tienes un cargo por pagar', en: 'You have a charge to pay' },
  payment_received: { es: 'Recibimos tu pago', en: 'We received your payment' },
  shipment_shipped: { es: 'Tu envío salió', en: 'Your shipment has shipped' },
  shipment_delivered: { es: 'Tu envío fue entregado', en: 'Your shipment was delivered' },
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** unsubscribePageUrl: the app's page that turns this kind of mail off, for the footer (none on a receipt). */
export function composeMail(mail: QueuedMail, from: string, siteUrl: string, unsubscribePageUrl?: string): MailMessage {
  const subject = SUBJECTS[mail.kind]?.[mail.lang] ?? mail.kind
  const link = `${siteUrl.replace(/\/+$/, '')}/${mail.lang}/dashboard`
  const facts = JSON.stringify(mail.payload, null, 2)
  const footer = unsubscribePageUrl ? `\n${unsubscribePageUrl}\n` : ''
  const text = `${subject}\n\n${facts}\n\n${link}\n${footer}`
  const html = `<h1>${escape(subject)}</h1><pre>${escape(facts)}</pre><p><a href="${escape(link)}">${escape(link)}</a></p>${unsubscribePageUrl ? `<p><a href="${escape(unsubscribePageUrl)}">${escape(unsubscribePageUrl)}</a></p>` : ''}`
  return { from, to: mail.address, subject, text, html }
}
