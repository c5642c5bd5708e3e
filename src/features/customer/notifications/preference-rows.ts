import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { MailKind, NotificationKind } from '@/local-db/rows'

/**
 * One row of the notification settings: what the customer is told of, the notification kinds it
 * covers in the app and by push (none: it has no notification), and its mail's kinds ('always': it
 * cannot be turned off).
 */
export interface PreferenceRow {
  id: string
  label: MessageDescriptor
  notification: readonly NotificationKind[]
  mail: readonly MailKind[] | 'always'
  /** A word on the row when its channels differ. */
  note?: MessageDescriptor
}

export const preferenceRows: readonly PreferenceRow[] = [
  { id: 'package-arrives', label: msg`A package arrives at the warehouse`, notification: ['package_received'], mail: ['package_received'] },
  { id: 'package-status', label: msg`A package changes status`, notification: ['package_status'], mail: ['package_delivered'], note: msg`By email: when it is delivered.` },
  { id: 'shipment-approval', label: msg`A shipment awaits my approval`, notification: ['shipment_awaiting_approval'], mail: ['shipment_awaiting_approval'] },
  { id: 'shipment-shipped', label: msg`A shipment is on its way`, notification: ['shipment_shipped'], mail: ['shipment_shipped'] },
  { id: 'shipment-delivered', label: msg`A shipment is delivered`, notification: [], mail: ['shipment_delivered'] },
  { id: 'storage-ending', label: msg`Free storage is ending`, notification: ['storage_ending', 'storage_last_day'], mail: ['storage_ending', 'storage_last_day'] },
  { id: 'charge-due', label: msg`A charge is due`, notification: ['charge_due'], mail: ['charge_due'] },
  { id: 'payment-received', label: msg`A payment is received (the receipt)`, notification: ['payment_received'], mail: 'always' },
  { id: 'account', label: msg`My account: password reset, email change`, notification: [], mail: 'always' },
]

/** What a kind of mail is about, as the unsubscribe page says it ("You will no longer get emails about …"). */
export const mailTopics: Record<Exclude<MailKind, 'payment_received'>, MessageDescriptor> = {
  package_received: msg`packages arriving`,
  package_delivered: msg`packages delivered`,
  storage_ending: msg`free storage ending`,
  storage_last_day: msg`the last day of free storage`,
  shipment_awaiting_approval: msg`shipments awaiting your approval`,
  charge_due: msg`charges due`,
  shipment_shipped: msg`shipments on their way`,
  shipment_delivered: msg`shipments delivered`,
}
