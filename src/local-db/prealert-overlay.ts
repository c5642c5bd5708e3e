import type { PrealertOp } from './db'
import type { PrealertRow } from './rows'

/**
 * A prealert as the customer's screen shows it: the server's row with this device's queued changes
 * on top. `pendingOps` are waiting to be sent; `refused` is the change the server turned down, kept
 * (with its message) until the customer sends it again or drops it; the ops queued after it wait.
 */
export interface LocalPrealert extends PrealertRow {
  pendingOps: number
  refused: PrealertOp | null
}

/**
 * Lays queued ops over the server's prealerts, in creation order: a save creates the prealert
 * (version 0, not on the server yet) or changes its fields; a cancel cancels it. A refused op did
 * not happen, so it is shown but not applied. Newest first, by when each was last changed here.
 */
export function withPendingPrealertOps(rows: readonly PrealertRow[], ops: readonly PrealertOp[], userId: string): LocalPrealert[] {
  const prealerts = new Map<string, LocalPrealert>(rows.map((row) => [row.id, { ...row, pendingOps: 0, refused: null }]))
  for (const op of [...ops].sort((a, b) => a.seq! - b.seq!)) {
    const current = prealerts.get(op.prealertId)
    if (op.state !== 'pending') {
      // A refused first save still shows, as typed, so the customer can see what was turned down.
      if (current) current.refused ??= op
      else if (op.kind === 'save-prealert') prealerts.set(op.prealertId, { ...unsaved(op, userId), refused: op })
    } else if (op.kind === 'save-prealert') {
      const base = current ?? unsaved(op, userId)
      prealerts.set(op.prealertId, { ...base, ...op.prealert, updated_at: op.createdAt, pendingOps: base.pendingOps + 1 })
    } else if (current) {
      prealerts.set(op.prealertId, { ...current, state: 'cancelled', updated_at: op.createdAt, pendingOps: current.pendingOps + 1 })
    }
  }
  return [...prealerts.values()].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at))
}

/** A prealert only this device knows: what its first save carries. */
function unsaved(op: Extract<PrealertOp, { kind: 'save-prealert' }>, userId: string): LocalPrealert {
  return {
    id: op.prealertId,
    user_id: userId,
    ...op.prealert,
    state: 'announced',
    package_id: null,
    version: 0,
    created_at: op.createdAt,
    updated_at: op.createdAt,
    pendingOps: 0,
    refused: null,
  }
}
