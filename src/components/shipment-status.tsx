import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { ShipmentStatus } from '@/local-db/rows'

/** A shipment's states as customers and the warehouse read them, in both languages. */
export const shipmentStatusLabels: Record<ShipmentStatus, MessageDescriptor> = {
  requested: msg`Requested`,
  processing: msg`Processing`,
  awaiting_approval: msg`Awaiting your approval`,
  approved: msg`Approved`,
  shipped: msg`Shipped`,
  in_customs: msg`In customs`,
  ready: msg`Ready for delivery`,
  delivered: msg`Delivered`,
  cancelled: msg({ message: 'Cancelled', context: 'shipment' }),
}

const colors: Record<ShipmentStatus, string> = {
  requested: 'bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-950 dark:text-blue-100 dark:ring-blue-800',
  processing: 'bg-violet-100 text-violet-900 ring-violet-300 dark:bg-violet-950 dark:text-violet-100 dark:ring-violet-800',
  awaiting_approval: 'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800',
  approved: 'bg-indigo-100 text-indigo-900 ring-indigo-300 dark:bg-indigo-950 dark:text-indigo-100 dark:ring-indigo-800',
  shipped: 'bg-yellow-100 text-yellow-900 ring-yellow-300 dark:bg-yellow-950 dark:text-yellow-100 dark:ring-yellow-800',
  in_customs: 'bg-orange-100 text-orange-900 ring-orange-300 dark:bg-orange-950 dark:text-orange-100 dark:ring-orange-800',
  ready: 'bg-teal-100 text-teal-900 ring-teal-300 dark:bg-teal-950 dark:text-teal-100 dark:ring-teal-800',
  delivered: 'bg-green-100 text-green-900 ring-green-300 dark:bg-green-950 dark:text-green-100 dark:ring-green-800',
  cancelled: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600',
}

export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  const { _ } = useLingui()
  return (
    <span data-status={status} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${colors[status]}`}>
      {_(shipmentStatusLabels[status])}
    </span>
  )
}
