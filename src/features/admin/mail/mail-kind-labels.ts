import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** What each kind of mail (public.mail_outbox.kind) is, as admins read it in the list. */
export const mailKindLabels: Record<string, MessageDescriptor> = {
  package_received: msg`Package arrived`,
  package_delivered: msg`Package delivered`,
  storage_ending: msg`Free storage ending`,
  storage_last_day: msg`Last day of free storage`,
  shipment_awaiting_approval: msg`Shipment awaiting approval`,
  charge_due: msg`Charge due`,
  payment_received: msg`Payment receipt`,
  shipment_shipped: msg`Shipment shipped`,
  shipment_delivered: msg`Shipment delivered`,
}
