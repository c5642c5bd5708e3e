import type { ShipmentRow } from '@/local-db/rows'

/**
 * Why the warehouse is weighing this shipment's box again, while it is: the reason on the
 * processing event that took it back from awaiting approval, as long as that is its last step.
 */
export function reweighReason(shipment: Pick<ShipmentRow, 'status' | 'events'>): string | null {
  const last = shipment.events.at(-1)
  return shipment.status === 'processing' && last?.status === 'processing' ? (last.reason ?? null) : null
}
