import { db, isPackageOp, isShipmentOp, isUploadOp, type LocalPackage, type PackageOp, type QueuedOp, type ShipmentOp, type UploadOp } from '@/local-db/db'
import { useThrottledQuery } from '@/local-db/throttled-query'

export type OpState = QueuedOp['state']

export interface OutboxCounts {
  /** Waiting to be sent (or being sent). */
  pending: number
  /** Conflicts and refusals: they wait for the admin, not for the network. */
  unresolved: number
}

const countsOf = (ops: readonly QueuedOp[]): OutboxCounts => ({
  pending: ops.filter((op) => op.state === 'pending').length,
  unresolved: ops.filter((op) => op.state !== 'pending').length,
})

// Read whole and filtered here: one getAll is far cheaper than a cursor walking the outbox.
const opsOfUser = async (userId: string) => (await db.outbox.toArray()).filter((op) => op.userId === userId)

export function useOutboxCounts(userId: string): OutboxCounts | undefined {
  return useThrottledQuery(async () => countsOf(await opsOfUser(userId)), [userId], ['outbox'])
}

export async function countUnsent(userId: string): Promise<OutboxCounts> {
  return countsOf(await opsOfUser(userId))
}

export type OutboxEntry = { op: PackageOp | UploadOp; pkg: LocalPackage | undefined } | { op: ShipmentOp; pkg?: undefined }

/** The user's queued package, photo and shipment changes in sending order, a package's with the package as this device has it. */
export function useOutbox(userId: string) {
  return useThrottledQuery(
    async (): Promise<OutboxEntry[]> => {
      const ops = (await opsOfUser(userId)).filter((op) => isPackageOp(op) || isShipmentOp(op) || isUploadOp(op))
      const packages = await db.packages.bulkGet(ops.map((op) => ('packageId' in op ? op.packageId : '')))
      return ops.map((op, i) => (isShipmentOp(op) ? { op } : { op: op as PackageOp | UploadOp, pkg: packages[i] }))
    },
    [userId],
    ['outbox', 'packages'],
  )
}

const severity: Record<OpState, number> = { pending: 0, conflict: 1, failed: 2 }

/** For marking list rows: each package with queued ops, and the most serious state among them. */
export function useOpStates(): Map<string, OpState> | undefined {
  return useThrottledQuery(
    async () => {
      const states = new Map<string, OpState>()
      for (const op of (await db.outbox.toArray()).filter(isPackageOp)) {
        const seen = states.get(op.packageId)
        if (!seen || severity[op.state] > severity[seen]) states.set(op.packageId, op.state)
      }
      return states
    },
    [],
    ['outbox'],
  )
}
