import { useLiveQuery } from 'dexie-react-hooks'
import { db, type LocalPackage, type QueuedOp } from '@/local-db/db'

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

const opsOfUser = (userId: string) => db.outbox.orderBy('seq').filter((op) => op.userId === userId).toArray()

export function useOutboxCounts(userId: string): OutboxCounts | undefined {
  return useLiveQuery(async () => countsOf(await opsOfUser(userId)), [userId])
}

export async function countUnsent(userId: string): Promise<OutboxCounts> {
  return countsOf(await opsOfUser(userId))
}

/** The user's queued ops in sending order, each with its package as this device has it. */
export function useOutbox(userId: string) {
  return useLiveQuery(async (): Promise<{ op: QueuedOp; pkg: LocalPackage | undefined }[]> => {
    const ops = await opsOfUser(userId)
    const packages = await db.packages.bulkGet(ops.map((op) => op.packageId))
    return ops.map((op, i) => ({ op, pkg: packages[i] }))
  }, [userId])
}

const severity: Record<OpState, number> = { pending: 0, conflict: 1, failed: 2 }

/** For marking list rows: each package with queued ops, and the most serious state among them. */
export function useOpStates(): Map<string, OpState> | undefined {
  return useLiveQuery(async () => {
    const states = new Map<string, OpState>()
    await db.outbox.each((op) => {
      const seen = states.get(op.packageId)
      if (!seen || severity[op.state] > severity[seen]) states.set(op.packageId, op.state)
    })
    return states
  })
}
