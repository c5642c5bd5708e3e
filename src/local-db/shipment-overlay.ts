import type { AdvanceShipmentOp, RequestShipmentOp, ShipmentOp } from './db'
import type { ShipmentRow } from './rows'

/**
 * A shipment as screens show it: the server's row with this device's queued changes on top.
 * `pendingOps` are waiting to be sent; `refused` is a change the server turned down (kept, with its
 * message, until it is sent again or dropped); `conflict` is an admin's step made on a version the
 * shipment has since left. Later ops of the shipment wait behind either.
 */
export interface LocalShipment extends ShipmentRow {
  pendingOps: number
  refused: ShipmentOp | null
  conflict: AdvanceShipmentOp | null
}

/**
 * Lays queued ops over the server's shipments, in creation order: a request creates the shipment
 * (version 0, not on the server yet), a cancel cancels it, an approval approves it, a change of
 * packages sets them, an admin's step moves it on. A refused or conflicting op did not happen: it is shown, not applied. Newest first.
 */
export function withPendingShipmentOps(rows: readonly ShipmentRow[], ops: readonly ShipmentOp[]): LocalShipment[] {
  const shipments = new Map<string, LocalShipment>(rows.map((row) => [row.id, { ...row, pendingOps: 0, refused: null, conflict: null }]))
  for (const op of [...ops].sort((a, b) => a.seq! - b.seq!)) {
    const current = shipments.get(op.shipmentId)
    if (op.state !== 'pending') {
      const shown = current ?? (op.kind === 'request-shipment' ? unsent(op) : null)
      if (!shown) continue
      if (op.state === 'conflict' && op.kind === 'advance-shipment') shown.conflict ??= op
      else shown.refused ??= op
      shipments.set(op.shipmentId, shown)
      continue
    }
    if (op.kind === 'request-shipment') {
      const base = current ?? unsent(op)
      shipments.set(op.shipmentId, { ...base, pendingOps: base.pendingOps + 1 })
    } else if (current) {
      const change =
        op.kind === 'set-shipment-packages'
          ? { package_ids: [...op.packageIds].sort() }
          : { status: op.kind === 'cancel-shipment' ? ('cancelled' as const) : op.kind === 'approve-shipment' ? ('approved' as const) : op.status }
      shipments.set(op.shipmentId, { ...current, ...change, updated_at: op.createdAt, pendingOps: current.pendingOps + 1 })
    }
  }
  return [...shipments.values()].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
}

/** A shipment only this device knows: what its request carries. */
function unsent(op: RequestShipmentOp): LocalShipment {
  const { request } = op
  const items = request.items.map((item, i) => ({ position: i + 1, description: item.description, quantity: item.quantity, unit_value_cents: Math.round(item.unit_value_usd * 100) }))
  return {
    id: op.shipmentId,
    user_id: op.userId,
    status: 'requested',
    service: request.service,
    options: request.options,
    address: request.address,
    declared_total_cents: items.reduce((sum, item) => sum + item.quantity * item.unit_value_cents, 0),
    estimate_cents: op.estimate.total_cents,
    estimate: op.estimate,
    final_cents: null,
    final: null,
    weight_kg: null,
    length_cm: null,
    width_cm: null,
    height_cm: null,
    carrier: null,
    outbound_tracking: null,
    version: 0,
    created_at: op.createdAt,
    updated_at: op.createdAt,
    items,
    events: [],
    package_ids: request.package_ids,
    pendingOps: 0,
    refused: null,
    conflict: null,
  }
}
