import type { I18n } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { storageWarningDays } from '@/business-rules/storage'
import { statusLabels } from './package-status-labels'
import { formatUsd } from '@/i18n/format'
import { isPackageStatus, type NotificationRow } from '@/local-db/rows'

/** A notification as the customer reads it, in their language: what happened, and the detail. */
export function notificationText(notification: NotificationRow, i18n: I18n): { title: string; detail: string | null } {
  const { payload } = notification
  const tracking = payload.tracking_code ?? i18n._(msg`without a tracking number`)
  switch (notification.kind) {
    case 'package_received': {
      const { store, description } = payload.prealert ?? { store: '', description: '' }
      return {
        title: i18n._(msg`Package ${tracking} arrived at the warehouse`),
        detail: store ? i18n._(msg`It is the one you announced: ${store}, ${description}.`) : null,
      }
    }
    case 'package_status': {
      const status = payload.status && isPackageStatus(payload.status) ? i18n._(statusLabels[payload.status]) : (payload.status ?? '')
      return { title: i18n._(msg`Package ${tracking}: ${status}`), detail: null }
    }
    case 'shipment_awaiting_approval': {
      const price = payload.final_cents === undefined ? null : formatUsd(payload.final_cents)
      return { title: i18n._(msg`Your shipment awaits your approval`), detail: price ? i18n._(msg`Final price: ${price}.`) : null }
    }
    case 'shipment_shipped': {
      const carrier = payload.carrier ?? ''
      const outbound = payload.outbound_tracking ?? ''
      return { title: i18n._(msg`Your shipment is on its way`), detail: carrier ? i18n._(msg`${carrier}, tracking number ${outbound}.`) : null }
    }
    case 'storage_ending': {
      const days = payload.days_left ?? storageWarningDays
      return {
        title: i18n._(msg`The free storage of package ${tracking} ends in ${plural(days, { one: '# day', other: '# days' })}`),
        detail: null,
      }
    }
    case 'storage_last_day': {
      // A reminder the job caught up after a missed day says how long ago the last day was.
      const daysAgo = -(payload.days_left ?? 0)
      if (daysAgo > 0) return { title: i18n._(msg`The free storage of package ${tracking} ended ${plural(daysAgo, { one: '# day ago', other: '# days ago' })}`), detail: null }
      return { title: i18n._(msg`Today is the last day of free storage for package ${tracking}`), detail: null }
    }
    case 'payment_received': {
      const amount = formatUsd(payload.amount_cents ?? 0)
      const receipt = payload.receipt_number ?? ''
      return { title: i18n._(msg`Payment of ${amount} received`), detail: i18n._(msg`Receipt no. ${receipt}: open it to print or keep.`) }
    }
    case 'charge_due': {
      const amount = formatUsd(payload.amount_cents ?? 0)
      const shipment = (payload.shipment_id ?? '').slice(0, 8).toUpperCase()
      return { title: i18n._(msg`You owe ${amount} for shipment ${shipment}`), detail: i18n._(msg`Pay it from your statement: the shipment leaves once it is paid.`) }
    }
  }
}
