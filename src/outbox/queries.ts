import { db, isPackageOp, type LocalPackage, type QueuedOp } from '@/local-db/db'
import { readPackages } from '@/local-db/package-store'
import type { PrealertRow } from '@/local-db/rows'
import { useThrottledQuery } from '@/local-db/throttled-query'

export type OpState = QueuedOp['state']

export interface OutboxCounts {
  /** Waiting to be sent (or being sent). */
  pending: number
  /** Conflicts and refusals: they wait for the user, not for the network. */
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

/** A queued change, with the package or prealert it is about as this device has it (to name it on screen). */
export interface OutboxEntry {
  op: QueuedOp
  pkg?: LocalPackage
  prealert?: PrealertRow
}

/** The user's queued changes in sending order, each with the package (wherever the device keeps it) or prealert it is about. */
export async function readOutbox(userId: string): Promise<OutboxEntry[]> {
  const ops = await opsOfUser(userId)
  const [packages, prealerts] = await Promise.all([
    readPackages(ops.map((op) => ('packageId' in op ? op.packageId : ''))),
    db.prealerts.bulkGet(ops.map((op) => ('prealertId' in op ? op.prealertId : ''))),
  ])
  return ops.map((op, i) => ({ op, pkg: packages[i], prealert: prealerts[i] }))
}

/** readOutbox, live. */
export function useOutbox(userId: string) {
  return useThrottledQuery(() => readOutbox(userId), [userId], ['outbox', 'packages', 'prealerts'])
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
