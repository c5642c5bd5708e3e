// What each kind of mail says, from its payload (the notification's, see supabase/schemas/97_mail.sql;
// the contact form's and the newsletter's; Auth's), in the reader's language, with its links into the app.
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { MailContent, MailFact } from './content.ts'
import { formatAmount, formatDay } from './format.ts'
import type { MailLang } from './i18n.ts'
import * as m from './messages.ts'

export type Payload = Record<string, unknown>

export interface KindContext {
  i18n: I18n
  lang: MailLang
  payload: Payload
  /** An absolute URL of the app: the site's address and the path under the language (`dashboard`). */
  appUrl: (path: string) => string
  siteUrl: string
}

const text = (payload: Payload, key: string): string => {
  const value = payload[key]
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
}
const number = (payload: Payload, key: string): number | undefined => {
  const value = payload[key]
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}
const object = (value: unknown): Payload => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Payload) : {})

// The descriptor is put together before the call: `lingui extract` reads an object literal given to i18n._ as a message.
const say = (context: KindContext, descriptor: MessageDescriptor, values?: Record<string, unknown>) => {
  const withValues = { ...descriptor, values }
  return context.i18n._(withValues)
}
const trackingOf = (context: KindContext, payload: Payload) => text(payload, 'tracking_code') || say(context, m.common.noTracking)
const shipmentUrl = (context: KindContext) => context.appUrl(`dashboard/shipments/${encodeURIComponent(text(context.payload, 'shipment_id'))}`)

function packageFacts(context: KindContext, item: Payload): MailFact[] {
  const prealert = object(item.prealert)
  const facts: MailFact[] = [{ label: say(context, m.common.tracking), value: trackingOf(context, item) }]
  if (text(prealert, 'store')) facts.push({ label: say(context, m.packageReceived.store), value: text(prealert, 'store') })
  if (text(prealert, 'description')) facts.push({ label: say(context, m.packageReceived.prealert), value: text(prealert, 'description') })
  return facts
}

function packageReceived(context: KindContext): Omit<MailContent, 'reason'> {
  const packages = (Array.isArray(context.payload.packages) ? context.payload.packages : [context.payload]).map(object)
  const count = packages.length
  return {
    subject: count === 1 ? say(context, m.packageReceived.subjectOne, { tracking: trackingOf(context, packages[0]!) }) : say(context, m.packageReceived.subjectMany, { count }),
    paragraphs: [say(context, m.packageReceived.intro, { count }), say(context, m.packageReceived.next)],
    facts: packages.map((item) => packageFacts(context, item)),
    action: { label: say(context, m.common.seePackages), url: context.appUrl('dashboard') },
  }
}

function storageReminder(context: KindContext): Omit<MailContent, 'reason'> {
  const tracking = trackingOf(context, context.payload)
  const daysLeft = number(context.payload, 'days_left') ?? 0
  const day = text(context.payload, 'last_free_day')
  const date = day ? formatDay(day, context.lang) : ''
  const feeCents = number(context.payload, 'fee_cents_per_day')
  const fee = feeCents === undefined ? undefined : formatAmount(feeCents, context.lang)
  const [subject, body, feeText] =
    daysLeft > 0 ? [m.storage.endingSubject, m.storage.endingBody, m.storage.feeAfter] : daysLeft === 0 ? [m.storage.lastDaySubject, m.storage.lastDayBody, m.storage.feeAfter] : [m.storage.endedSubject, m.storage.endedBody, m.storage.feeNow]
  return {
    subject: say(context, subject, { tracking, days: daysLeft }),
    paragraphs: [say(context, body, { tracking, date }), ...(fee ? [say(context, feeText, { fee })] : [])],
    facts: [],
    action: { label: say(context, m.storage.shipIt), url: context.appUrl('dashboard/shipments/new') },
  }
}

function carrierFacts(context: KindContext): MailFact[] {
  const facts: MailFact[] = []
  if (text(context.payload, 'carrier')) facts.push({ label: say(context, m.common.carrier), value: text(context.payload, 'carrier') })
  if (text(context.payload, 'outbound_tracking')) facts.push({ label: say(context, m.common.tracking), value: text(context.payload, 'outbound_tracking') })
  return facts
}

type Kind = { reason: keyof typeof m.reasons; content: (context: KindContext) => Omit<MailContent, 'reason'> }

/** Account mail: a link Auth verifies, and the code it takes instead. */
function accountMail(subject: MessageDescriptor, body: MessageDescriptor, action: MessageDescriptor): Kind {
  return {
    reason: 'account',
    content: (context) => {
      const code = text(context.payload, 'code')
      return {
        subject: say(context, subject),
        paragraphs: [say(context, body, { email: text(context.payload, 'email'), newEmail: text(context.payload, 'new_email') })],
        facts: [],
        action: { label: say(context, action), url: text(context.payload, 'url') },
        ...(code && { afterAction: say(context, m.account.code, { code }) }),
      }
    },
  }
}

export const MAIL_KINDS = {
  package_received: { reason: 'event', content: packageReceived },
  package_delivered: {
    reason: 'event',
    content: (context) => {
      const tracking = trackingOf(context, context.payload)
      return {
        subject: say(context, m.packageDelivered.subject, { tracking }),
        paragraphs: [say(context, m.packageDelivered.body, { tracking })],
        facts: [],
        action: { label: say(context, m.common.seePackages), url: context.appUrl('dashboard') },
      }
    },
  },
  storage_ending: { reason: 'event', content: storageReminder },
  storage_last_day: { reason: 'event', content: storageReminder },
  shipment_awaiting_approval: {
    reason: 'event',
    content: (context) => {
      const cents = number(context.payload, 'final_cents')
      return {
        subject: say(context, m.shipmentAwaitingApproval.subject),
        paragraphs: [say(context, m.shipmentAwaitingApproval.body)],
        facts: cents === undefined ? [] : [[{ label: say(context, m.shipmentAwaitingApproval.price), value: formatAmount(cents, context.lang) }]],
        action: { label: say(context, m.shipmentAwaitingApproval.action), url: shipmentUrl(context) },
      }
    },
  },
  charge_due: {
    reason: 'event',
    content: (context) => {
      const amount = formatAmount(number(context.payload, 'amount_cents') ?? 0, context.lang)
      return {
        subject: say(context, m.chargeDue.subject, { amount }),
        paragraphs: [say(context, m.chargeDue.body, { amount })],
        facts: [],
        action: { label: say(context, m.chargeDue.action), url: context.appUrl('dashboard/account/statement') },
      }
    },
  },
  payment_received: {
    reason: 'receipt',
    content: (context) => {
      const amount = formatAmount(number(context.payload, 'amount_cents') ?? 0, context.lang)
      const receipt = text(context.payload, 'receipt_number')
      return {
        subject: say(context, m.paymentReceived.subject, { number: receipt }),
        paragraphs: [say(context, m.paymentReceived.body, { amount })],
        facts: [[{ label: say(context, m.paymentReceived.number), value: receipt }, { label: say(context, m.common.amount), value: amount }]],
        action: { label: say(context, m.paymentReceived.action), url: context.appUrl(`dashboard/account/receipts/${encodeURIComponent(text(context.payload, 'entry_id'))}`) },
      }
    },
  },
  shipment_shipped: {
    reason: 'event',
    content: (context) => ({
      subject: say(context, m.shipmentShipped.subject),
      paragraphs: [say(context, m.shipmentShipped.body)],
      facts: [carrierFacts(context)].filter((facts) => facts.length),
      action: { label: say(context, m.shipmentShipped.action), url: shipmentUrl(context) },
    }),
  },
  shipment_delivered: {
    reason: 'event',
    content: (context) => ({
      subject: say(context, m.shipmentDelivered.subject),
      paragraphs: [say(context, m.shipmentDelivered.body)],
      facts: [carrierFacts(context)].filter((facts) => facts.length),
      action: { label: say(context, m.common.seeShipment), url: shipmentUrl(context) },
    }),
  },
  contact_received: {
    reason: 'contact',
    content: (context) => {
      const subject = text(context.payload, 'subject')
      return {
        subject: say(context, m.contact.receivedSubject, { subject }),
        paragraphs: [say(context, m.contact.receivedBody)],
        facts: [[{ label: say(context, m.contact.subjectLabel), value: subject }]],
        quote: { label: say(context, m.contact.yourMessage), text: text(context.payload, 'body_excerpt') },
        action: { label: say(context, m.contact.visitSite), url: context.appUrl('') },
      }
    },
  },
  contact_answered: {
    reason: 'contact',
    content: (context) => {
      const subject = text(context.payload, 'subject')
      return {
        subject: say(context, m.contact.answeredSubject, { subject }),
        paragraphs: [say(context, m.contact.answeredBody)],
        facts: [[{ label: say(context, m.contact.subjectLabel), value: subject }]],
        quote: { label: say(context, m.contact.ourAnswer), text: text(context.payload, 'answer') },
        action: { label: say(context, m.contact.seeMessages), url: context.appUrl('dashboard/messages') },
      }
    },
  },
  newsletter_confirm: {
    reason: 'newsletter',
    content: (context) => ({
      subject: say(context, m.newsletterConfirm.subject),
      paragraphs: [say(context, m.newsletterConfirm.body)],
      facts: [],
      action: { label: say(context, m.newsletterConfirm.action), url: `${context.siteUrl}/${text(context.payload, 'confirm_path').replace(/^\/+/, '')}` },
    }),
  },
  account_signup: accountMail(m.account.signupSubject, m.account.signupBody, m.account.signupAction),
  account_recovery: accountMail(m.account.recoverySubject, m.account.recoveryBody, m.account.recoveryAction),
  account_email_change: accountMail(m.account.emailChangeSubject, m.account.emailChangeBody, m.account.emailChangeAction),
  account_magiclink: accountMail(m.account.magicLinkSubject, m.account.magicLinkBody, m.account.magicLinkAction),
  account_invite: accountMail(m.account.inviteSubject, m.account.inviteBody, m.account.inviteAction),
} satisfies Record<string, Kind>

export type MailKind = keyof typeof MAIL_KINDS
