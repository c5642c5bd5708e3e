// Every word a mail says, as Lingui message descriptors with explicit ids: the Edge Functions run
// without Lingui's macros, so `lingui extract` finds these by their /*i18n*/ mark and the catalog
// `locales/{es,en}/mail.po` holds their translations (compiled into ./catalogs by scripts/mail-catalogs.ts).
import type { MessageDescriptor } from '@lingui/core'

export const common = {
  fallbackLink: /*i18n*/ { id: 'mail.common.fallback_link', message: 'If the button does not work, copy this address into your browser:' },
  stopThese: /*i18n*/ { id: 'mail.common.stop_these', message: 'Stop these e-mails' },
  tracking: /*i18n*/ { id: 'mail.common.tracking', message: 'Tracking number' },
  noTracking: /*i18n*/ { id: 'mail.common.no_tracking', message: 'without a tracking number' },
  carrier: /*i18n*/ { id: 'mail.common.carrier', message: 'Carrier' },
  amount: /*i18n*/ { id: 'mail.common.amount', message: 'Amount' },
  seePackages: /*i18n*/ { id: 'mail.common.see_packages', message: 'See my packages' },
  seeShipment: /*i18n*/ { id: 'mail.common.see_shipment', message: 'See my shipment' },
} satisfies Record<string, MessageDescriptor>

/** Why the reader gets the mail, said in its footer. */
export const reasons = {
  event: /*i18n*/ {
    id: 'mail.reason.event',
    message: 'You get this e-mail because you have a locker at Casillero Miami and e-mail notices of this kind are on. You can turn them off in your account.',
  },
  receipt: /*i18n*/ { id: 'mail.reason.receipt', message: 'You get this receipt because you paid on your Casillero Miami account. Receipts are always sent.' },
  account: /*i18n*/ {
    id: 'mail.reason.account',
    message: 'You get this e-mail because it was asked for with this address on Casillero Miami. If it was not you, ignore it: nothing changes.',
  },
  contact: /*i18n*/ { id: 'mail.reason.contact', message: 'You get this e-mail because you wrote to Casillero Miami through our contact form.' },
  newsletter: /*i18n*/ {
    id: 'mail.reason.newsletter',
    message: 'You get this e-mail because this address was entered to receive the Casillero Miami newsletter. If it was not you, ignore it: you will not be subscribed.',
  },
} satisfies Record<string, MessageDescriptor>

export const packageReceived = {
  subjectOne: /*i18n*/ { id: 'mail.package_received.subject_one', message: 'Your package {tracking} arrived in Miami' },
  subjectMany: /*i18n*/ { id: 'mail.package_received.subject_many', message: '{count} of your packages arrived in Miami' },
  intro: /*i18n*/ {
    id: 'mail.package_received.intro',
    message: '{count, plural, one {We received this package at our Miami warehouse.} other {We received these # packages at our Miami warehouse.}}',
  },
  store: /*i18n*/ { id: 'mail.package_received.store', message: 'Store' },
  prealert: /*i18n*/ { id: 'mail.package_received.prealert', message: 'Your pre-alert' },
  next: /*i18n*/ { id: 'mail.package_received.next', message: 'When you are ready, ask for its shipment from your dashboard.' },
} satisfies Record<string, MessageDescriptor>

export const packageDelivered = {
  subject: /*i18n*/ { id: 'mail.package_delivered.subject', message: 'Your package {tracking} was delivered' },
  body: /*i18n*/ { id: 'mail.package_delivered.body', message: 'Package {tracking} was delivered. Thank you for shipping with us.' },
} satisfies Record<string, MessageDescriptor>

export const storage = {
  endingSubject: /*i18n*/ {
    id: 'mail.storage_ending.subject',
    message: '{days, plural, one {# day} other {# days}} of free storage left for package {tracking}',
  },
  endingBody: /*i18n*/ { id: 'mail.storage_ending.body', message: 'The free storage of package {tracking} ends on {date}.' },
  lastDaySubject: /*i18n*/ { id: 'mail.storage_last_day.subject', message: 'Today is the last day of free storage for package {tracking}' },
  lastDayBody: /*i18n*/ { id: 'mail.storage_last_day.body', message: 'The free storage of package {tracking} ends today, {date}.' },
  endedSubject: /*i18n*/ { id: 'mail.storage_ended.subject', message: 'The free storage of package {tracking} has ended' },
  endedBody: /*i18n*/ { id: 'mail.storage_ended.body', message: 'The free storage of package {tracking} ended on {date}.' },
  feeAfter: /*i18n*/ { id: 'mail.storage.fee_after', message: 'After that, storage costs {fee} a day.' },
  feeNow: /*i18n*/ { id: 'mail.storage.fee_now', message: 'Storage now costs {fee} a day.' },
  shipIt: /*i18n*/ { id: 'mail.storage.ship_it', message: 'Ship my packages' },
} satisfies Record<string, MessageDescriptor>

export const shipmentAwaitingApproval = {
  subject: /*i18n*/ { id: 'mail.shipment_awaiting_approval.subject', message: 'Your shipment awaits your approval' },
  body: /*i18n*/ { id: 'mail.shipment_awaiting_approval.body', message: 'We weighed and packed your shipment. Approve it and we send it on its way.' },
  price: /*i18n*/ { id: 'mail.shipment_awaiting_approval.price', message: 'Final price' },
  action: /*i18n*/ { id: 'mail.shipment_awaiting_approval.action', message: 'Review and approve' },
} satisfies Record<string, MessageDescriptor>

export const chargeDue = {
  subject: /*i18n*/ { id: 'mail.charge_due.subject', message: 'You have {amount} to pay' },
  body: /*i18n*/ { id: 'mail.charge_due.body', message: 'Your shipment was charged {amount} to your account, which is more than your balance covers. Pay it to have the shipment sent.' },
  action: /*i18n*/ { id: 'mail.charge_due.action', message: 'Pay now' },
} satisfies Record<string, MessageDescriptor>

export const paymentReceived = {
  subject: /*i18n*/ { id: 'mail.payment_received.subject', message: 'We received your payment: receipt no. {number}' },
  body: /*i18n*/ { id: 'mail.payment_received.body', message: 'We received your payment of {amount}. Thank you.' },
  number: /*i18n*/ { id: 'mail.payment_received.number', message: 'Receipt number' },
  action: /*i18n*/ { id: 'mail.payment_received.action', message: 'See the receipt' },
} satisfies Record<string, MessageDescriptor>

export const shipmentShipped = {
  subject: /*i18n*/ { id: 'mail.shipment_shipped.subject', message: 'Your shipment is on its way' },
  body: /*i18n*/ { id: 'mail.shipment_shipped.body', message: 'Your shipment left our Miami warehouse.' },
  action: /*i18n*/ { id: 'mail.shipment_shipped.action', message: 'Follow my shipment' },
} satisfies Record<string, MessageDescriptor>

export const shipmentDelivered = {
  subject: /*i18n*/ { id: 'mail.shipment_delivered.subject', message: 'Your shipment was delivered' },
  body: /*i18n*/ { id: 'mail.shipment_delivered.body', message: 'Your shipment was delivered. Thank you for shipping with us.' },
} satisfies Record<string, MessageDescriptor>

export const contact = {
  receivedSubject: /*i18n*/ { id: 'mail.contact_received.subject', message: 'We received your message: {subject}' },
  receivedBody: /*i18n*/ { id: 'mail.contact_received.body', message: 'Thank you for writing to us. We answer within one business day.' },
  subjectLabel: /*i18n*/ { id: 'mail.contact.subject_label', message: 'Subject' },
  yourMessage: /*i18n*/ { id: 'mail.contact_received.your_message', message: 'Your message' },
  visitSite: /*i18n*/ { id: 'mail.contact_received.visit_site', message: 'Visit Casillero Miami' },
  answeredSubject: /*i18n*/ { id: 'mail.contact_answered.subject', message: 'Our answer: {subject}' },
  answeredBody: /*i18n*/ { id: 'mail.contact_answered.body', message: 'We answered your message.' },
  ourAnswer: /*i18n*/ { id: 'mail.contact_answered.our_answer', message: 'Our answer' },
  seeMessages: /*i18n*/ { id: 'mail.contact_answered.action', message: 'See my messages' },
} satisfies Record<string, MessageDescriptor>

export const newsletterConfirm = {
  subject: /*i18n*/ { id: 'mail.newsletter_confirm.subject', message: 'Confirm your subscription to our newsletter' },
  body: /*i18n*/ { id: 'mail.newsletter_confirm.body', message: 'Confirm that you want the Casillero Miami newsletter at this address. Until you do, we send you nothing.' },
  action: /*i18n*/ { id: 'mail.newsletter_confirm.action', message: 'Confirm my subscription' },
} satisfies Record<string, MessageDescriptor>

/** Auth's mail (the Send Email Hook's). */
export const account = {
  code: /*i18n*/ { id: 'mail.account.code', message: 'Or enter this code: {code}' },
  signupSubject: /*i18n*/ { id: 'mail.account.signup.subject', message: 'Confirm your e-mail address' },
  signupBody: /*i18n*/ { id: 'mail.account.signup.body', message: 'Welcome to Casillero Miami. Confirm your e-mail address to open your locker.' },
  signupAction: /*i18n*/ { id: 'mail.account.signup.action', message: 'Confirm my address' },
  recoverySubject: /*i18n*/ { id: 'mail.account.recovery.subject', message: 'Reset your password' },
  recoveryBody: /*i18n*/ { id: 'mail.account.recovery.body', message: 'We received a request to reset the password of your locker. The link works once, within one hour.' },
  recoveryAction: /*i18n*/ { id: 'mail.account.recovery.action', message: 'Choose a new password' },
  emailChangeSubject: /*i18n*/ { id: 'mail.account.email_change.subject', message: 'Confirm the change of your e-mail address' },
  emailChangeBody: /*i18n*/ { id: 'mail.account.email_change.body', message: 'You asked to change the e-mail address of your locker from {email} to {newEmail}. Confirm it with this link.' },
  emailChangeAction: /*i18n*/ { id: 'mail.account.email_change.action', message: 'Confirm the change' },
  magicLinkSubject: /*i18n*/ { id: 'mail.account.magiclink.subject', message: 'Your sign-in link' },
  magicLinkBody: /*i18n*/ { id: 'mail.account.magiclink.body', message: 'Use this link to sign in to Casillero Miami. It works once, within one hour.' },
  magicLinkAction: /*i18n*/ { id: 'mail.account.magiclink.action', message: 'Sign in' },
  inviteSubject: /*i18n*/ { id: 'mail.account.invite.subject', message: 'You are invited to Casillero Miami' },
  inviteBody: /*i18n*/ { id: 'mail.account.invite.body', message: 'You were invited to open an account at Casillero Miami. Accept the invitation to choose your password.' },
  inviteAction: /*i18n*/ { id: 'mail.account.invite.action', message: 'Accept the invitation' },
} satisfies Record<string, MessageDescriptor>
