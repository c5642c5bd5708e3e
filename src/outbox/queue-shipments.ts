import { db, type AdvanceShipmentOp, type ApproveShipmentOp, type CancelShipmentOp, type RequestShipmentOp, type SetShipmentPackagesOp, type ShipmentRequest, type ShipmentStepDetails } from '@/local-db/db'
import type { PriceBreakdown, ShipmentStatus } from '@/local-db/rows'
import { addOps, newOpFields } from './queue'

// Shipments' changes, queued like every other: saved on the device at once, sent by the outbox.

/**
 * Queues a customer's request to ship these packages. Its id is chosen here, so a replay never
 * makes a second shipment; `estimate` is what the device worked out, shown until the server's
 * arrives. Returns the shipment's id.
 */
export async function queueShipmentRequest(userId: string, request: ShipmentRequest, estimate: PriceBreakdown): Promise<string> {
  const op: RequestShipmentOp = { ...newOpFields(userId), kind: 'request-shipment', shipmentId: crypto.randomUUID(), request, estimate }
  await addOps(userId, [op])
  return op.shipmentId
}

/** The customer cancels a shipment still waiting to be processed (the server checks that it is). */
export async function queueShipmentCancel(userId: string, shipmentId: string): Promise<void> {
  const op: CancelShipmentOp = { ...newOpFields(userId), kind: 'cancel-shipment', shipmentId }
  await addOps(userId, [op])
}

/** The customer approves the final charge they see (the server refuses it if the charge has changed since). */
export async function queueShipmentApproval(userId: string, shipmentId: string, finalCents: number | null): Promise<void> {
  const op: ApproveShipmentOp = { ...newOpFields(userId), kind: 'approve-shipment', shipmentId, finalCents }
  await addOps(userId, [op])
}

/** The customer makes these the packages of a shipment still only requested (the server checks that it is, and each package). */
export async function queueShipmentPackages(userId: string, shipmentId: string, packageIds: string[]): Promise<void> {
  const op: SetShipmentPackagesOp = { ...newOpFields(userId), kind: 'set-shipment-packages', shipmentId, packageIds }
  await addOps(userId, [op])
}

/**
 * An admin moves a shipment on, made on the version of it this device has from the server: steps
 * queued one after another share it, and each is moved to the version the one before it made when
 * that is recorded (outbox/settle.ts), as packages' status changes are.
 */
export async function queueShipmentStep(adminId: string, shipmentId: string, status: ShipmentStatus, details: ShipmentStepDetails | null): Promise<void> {
  const server = await db.shipments.get(shipmentId)
  const op: AdvanceShipmentOp = { ...newOpFields(adminId), kind: 'advance-shipment', shipmentId, status, baseVersion: server?.version ?? 0, details }
  await addOps(adminId, [op])
}
