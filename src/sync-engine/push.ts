import type { QueuedOp } from '@/local-db/db'
import type { PackageRow } from '@/local-db/rows'
import { currentOp, queuedOpsOf, settleApplied, settleRefused, settleRetryLater, settleSuperseded } from '@/outbox/settle'
import type { Supabase } from '@/remote/create-client'

/** What the server made of one op. */
type Answer =
  | { kind: 'applied'; row: PackageRow }
  | { kind: 'superseded'; row: PackageRow }
  /** Validation, permission or not found: sending it again would get the same answer. */
  | { kind: 'refused'; message: string }
  | { kind: 'unauthorized'; message: string }
  /** No answer (offline, timeout) or server trouble: worth trying again later. */
  | { kind: 'unanswered'; message: string; serverError: boolean }

export interface FlushResult {
  sent: number
  /** When the next attempt is due (epoch ms), or null when nothing is waiting to be sent. */
  retryAt: number | null
}

const outboxLock = 'casillero-outbox'
/** Server errors (5xx) are retried this many times, then the op is parked with the message. */
const maxServerAttempts = 8
const maxBackoffMs = 30_000

/** DESIGN §6: 200 ms × attempt, capped, with jitter so tabs and devices do not retry in step. */
export function backoffMs(attempt: number): number {
  return Math.min(200 * attempt, maxBackoffMs) * (0.75 + Math.random() / 2)
}

async function send(client: Supabase, op: QueuedOp): Promise<Answer> {
  const { data, error, status } =
    op.kind === 'set-status'
      ? await client.rpc('apply_package_status', {
          p_op_id: op.opId,
          p_package_id: op.packageId,
          p_status: op.status,
          p_changed_at: op.createdAt,
          p_base_version: op.baseVersion,
        })
      : await client.rpc('register_package', {
          p_op_id: op.opId,
          p_package_id: op.packageId,
          p_user_id: op.package.user_id,
          p_public_token: op.package.public_token,
          p_status: op.package.status,
          p_tracking_code: op.package.tracking_code,
          p_weight_kg: op.package.weight_kg,
          p_volume_m3: op.package.volume_m3,
          p_meta: op.package.meta,
        })
  if (!error) {
    const answer = data as { outcome: string; package: PackageRow }
    return { kind: answer.outcome === 'superseded' ? 'superseded' : 'applied', row: answer.package }
  }
  if (status === 0 || status >= 500) return { kind: 'unanswered', message: error.message, serverError: status >= 500 }
  if (status === 401) return { kind: 'unauthorized', message: error.message }
  return { kind: 'refused', message: error.message }
}

async function retryLater(op: QueuedOp, message: string): Promise<number> {
  const retryAt = Date.now() + backoffMs(op.attempts + 1)
  await settleRetryLater(op, message, retryAt)
  return retryAt
}

/** Runs `fn` while holding the outbox lock: one tab (or the service worker) sends at a time. */
async function withOutboxLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return fn()
  return (await navigator.locks.request(outboxLock, fn)) as T
}

/**
 * Sends this user's queued ops in creation order (DESIGN §6). An op leaves the outbox only when the
 * server has recorded it; exactly once comes from its op_id on the server, so a replay after a lost
 * answer is harmless. A conflict or a refusal is kept for the admin and the flush goes on with other
 * packages; the package's later ops wait behind it. No answer stops the flush until `retryAt`
 * (`force` ignores the backoff: the connection just came back). A 401 refreshes the session once.
 */
export function flushOutbox(client: Supabase, userId: string, { force = false } = {}): Promise<FlushResult> {
  return withOutboxLock(async () => {
    let sent = 0
    let refreshed = false
    for (;;) {
      let progressed = false
      const blocked = new Set<string>()
      for (const queued of await queuedOpsOf(userId)) {
        const op = await currentOp(queued.seq!)
        if (!op) continue
        if (op.state !== 'pending' || blocked.has(op.packageId)) {
          blocked.add(op.packageId)
          continue
        }
        if (!force && op.nextAttemptAt > Date.now()) return { sent, retryAt: op.nextAttemptAt }
        const answer = await send(client, op)
        if (answer.kind === 'applied') {
          await settleApplied(op, answer.row)
          sent++
        } else if (answer.kind === 'superseded' || answer.kind === 'refused' || (answer.kind === 'unanswered' && answer.serverError && op.attempts + 1 >= maxServerAttempts)) {
          if (answer.kind === 'superseded') await settleSuperseded(op, answer.row)
          else await settleRefused(op, answer.message)
          blocked.add(op.packageId)
        } else if (answer.kind === 'unauthorized' && !refreshed) {
          // An expired or revoked token: refresh once and send it again on the next pass.
          refreshed = true
          if ((await client.auth.refreshSession()).error) return { sent, retryAt: await retryLater(op, answer.message) }
        } else {
          return { sent, retryAt: await retryLater(op, answer.message) }
        }
        progressed = true
      }
      // Another pass picks up what was queued while this one was sending.
      if (!progressed) return { sent, retryAt: null }
    }
  })
}
