import { isUploadOp, subjectOf, type AdvanceShipmentOp, type CancelPrealertOp, type MarkNotificationsReadOp, type QueuedOp, type RegisterOp, type SavePrealertOp, type SetNotificationPreferenceOp, type SetPushPreferencesOp, type ShipmentOp, type StatusOp } from '@/local-db/db'
import { onOutboxChange } from '@/local-db/outbox-changes'
import { NotOwnerError, type DeviceOwner } from '@/local-db/owner'
import type { PackageRow, PrealertRow, ShipmentRow } from '@/local-db/rows'
import { queuedOpsOf, settleAll, type Settlement } from '@/outbox/settle'
import type { Supabase } from '@/remote/create-client'
import { changeFailure, failure, type Answer, type ErrorBody } from './answers'
import { inFlight, type InFlight } from './in-flight'
import { sendAccountOp } from './send-account'
import { sendContentOp } from './send-content'
import { sendUpload } from './send-upload'

export interface FlushResult {
  sent: number
  /** When the next attempt is due (epoch ms), or null when nothing is waiting to be sent. */
  retryAt: number | null
}

const outboxLock = 'casillero-outbox'
/** Ops of different subjects on their way at once (a status batch holds up to 100). */
const mostInFlight = 100
const maxBackoffMs = 30_000

/** DESIGN §6: 200 ms × attempt, capped, with jitter so tabs and devices do not retry in step. */
export function backoffMs(attempt: number): number {
  return Math.min(200 * attempt, maxBackoffMs) * (0.75 + Math.random() / 2)
}

async function register(client: Supabase, op: RegisterOp, signal: AbortSignal): Promise<Answer> {
  const { data, error, status } = await client
    .rpc('register_package', {
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
    .abortSignal(signal)
  if (error) return failure(status, error)
  return { op, outcome: 'applied', row: (data as { package: PackageRow }).package }
}

interface BatchResult {
  outcome?: 'applied' | 'superseded'
  package?: PackageRow
  error?: ErrorBody
}

/** Status changes of different packages in one call (`apply_package_statuses`): one answer each. */
async function applyStatuses(client: Supabase, ops: StatusOp[], signal: AbortSignal): Promise<Answer[]> {
  const changes = ops.map((op) => ({ op_id: op.opId, package_id: op.packageId, status: op.status, changed_at: op.createdAt, base_version: op.baseVersion }))
  const { data, error, status } = await client.rpc('apply_package_statuses', { p_changes: changes }).abortSignal(signal)
  if (error) return ops.map(() => failure(status, error))
  return (data as BatchResult[]).map((result, i): Answer => (result.package && result.outcome ? { op: ops[i]!, outcome: result.outcome, row: result.package } : changeFailure(result.error)))
}

/** A customer's prealert created or changed; the server normalises what was typed. */
async function savePrealert(client: Supabase, op: SavePrealertOp, signal: AbortSignal): Promise<Answer> {
  const { prealert } = op
  const { data, error, status } = await client
    .rpc('save_prealert', {
    p_op_id: op.opId,
    p_id: op.prealertId,
    p_tracking_code: prealert.tracking_code,
    p_store: prealert.store,
    p_description: prealert.description,
    p_declared_value_usd: prealert.declared_value_usd,
    p_expected_on: prealert.expected_on,
    })
    .abortSignal(signal)
  return error ? failure(status, error) : { op, outcome: 'recorded', row: data as PrealertRow }
}

async function cancelPrealert(client: Supabase, op: CancelPrealertOp, signal: AbortSignal): Promise<Answer> {
  const { data, error, status } = await client.rpc('cancel_prealert', { p_op_id: op.opId, p_id: op.prealertId }).abortSignal(signal)
  return error ? failure(status, error) : { op, outcome: 'recorded', row: data as PrealertRow }
}

/** A customer's request, cancel, approval or change of packages: recorded, the shipment as the server has it now. */
async function shipmentCall(client: Supabase, op: Exclude<ShipmentOp, AdvanceShipmentOp>, signal: AbortSignal): Promise<Answer> {
  const call =
    op.kind === 'request-shipment'
      ? client.rpc('request_shipment', {
          p_op_id: op.opId,
          p_shipment_id: op.shipmentId,
          p_package_ids: op.request.package_ids,
          p_service: op.request.service,
          p_options: op.request.options,
          p_items: op.request.items,
          p_address: op.request.address,
        })
      : op.kind === 'set-shipment-packages'
        ? client.rpc('set_shipment_packages', { p_op_id: op.opId, p_shipment_id: op.shipmentId, p_package_ids: op.packageIds })
        : op.kind === 'approve-shipment'
          ? client.rpc('approve_shipment', { p_op_id: op.opId, p_shipment_id: op.shipmentId, p_final_cents: op.finalCents ?? null })
          : client.rpc('cancel_shipment', { p_op_id: op.opId, p_shipment_id: op.shipmentId })
  const { data, error, status } = await call.abortSignal(signal)
  return error ? failure(status, error) : { op, outcome: 'applied', row: data as ShipmentRow }
}

/** An admin's step: applied, or superseded when the shipment changed on the server since this device saw it. */
async function advanceShipment(client: Supabase, op: AdvanceShipmentOp, signal: AbortSignal): Promise<Answer> {
  const { data, error, status } = await client
    .rpc('advance_shipment', {
      p_op_id: op.opId,
      p_shipment_id: op.shipmentId,
      p_status: op.status,
      p_base_version: op.baseVersion,
      p_changed_at: op.createdAt,
      p_details: op.details ?? {},
    })
    .abortSignal(signal)
  if (error) return failure(status, error)
  const { outcome, shipment } = data as { outcome: 'applied' | 'superseded'; shipment: ShipmentRow }
  return { op, outcome, row: shipment }
}

/** `mark_notifications_read` takes at most this many ids a call. */
const idsPerCall = 1000

/**
 * The customer's notifications marked read: everything the device had pulled, through its
 * checkpoint (one small call, however many there are), or, for ops queued by earlier versions of
 * the app, everything up to a time, or a list of ids sent in calls of at most 1,000. Either way a
 * replay changes nothing.
 */
async function markNotificationsRead(client: Supabase, op: MarkNotificationsReadOp, signal: AbortSignal): Promise<Answer> {
  if ('through' in op || 'upTo' in op) {
    const call = 'through' in op ? client.rpc('mark_notifications_read_through', { p_op_id: op.opId, p_checkpoint: op.through }) : client.rpc('mark_notifications_read_until', { p_op_id: op.opId, p_up_to: op.upTo })
    const { error, status } = await call.abortSignal(signal)
    return error ? failure(status, error) : { op, outcome: 'done' }
  }
  for (let start = 0; start < op.notificationIds.length; start += idsPerCall) {
    const ids = op.notificationIds.slice(start, start + idsPerCall)
    const { error, status } = await client.rpc('mark_notifications_read', { p_op_id: op.opId, p_ids: ids }).abortSignal(signal)
    if (error) return failure(status, error)
  }
  return { op, outcome: 'done' }
}

/** The kinds the customer does not want pushed: the whole list each time, so a replay sets it again. */
async function setPushPreferences(client: Supabase, op: SetPushPreferencesOp, signal: AbortSignal): Promise<Answer> {
  const { error, status } = await client.rpc('set_push_preferences', { p_op_id: op.opId, p_push_muted: op.pushMuted }).abortSignal(signal)
  return error ? failure(status, error) : { op, outcome: 'done' }
}

/** One cell of the notification settings: the kinds' state on one channel, which a replay sets again. */
async function setNotificationPreference(client: Supabase, op: SetNotificationPreferenceOp, signal: AbortSignal): Promise<Answer> {
  const { error, status } = await client.rpc('set_notification_preference', { p_op_id: op.opId, p_channel: op.channel, p_kinds: op.kinds, p_on: op.on }).abortSignal(signal)
  return error ? failure(status, error) : { op, outcome: 'done' }
}

/** Every op but a status change: each is a request of its own. */
type SingleOp = Exclude<QueuedOp, StatusOp>

function sendOne(client: Supabase, op: SingleOp, signal: AbortSignal): Promise<Answer> {
  switch (op.kind) {
    case 'register-package':
      return register(client, op, signal)
    case 'save-prealert':
      return savePrealert(client, op, signal)
    case 'cancel-prealert':
      return cancelPrealert(client, op, signal)
    case 'advance-shipment':
      return advanceShipment(client, op, signal)
    case 'request-shipment':
    case 'cancel-shipment':
    case 'approve-shipment':
    case 'set-shipment-packages':
      return shipmentCall(client, op, signal)
    case 'upload-file':
      return sendUpload(client, op, signal)
    case 'mark-notifications-read':
      return markNotificationsRead(client, op, signal)
    case 'set-push-preferences':
      return setPushPreferences(client, op, signal)
    case 'set-notification-preference':
      return setNotificationPreference(client, op, signal)
    case 'save-article':
    case 'save-faq':
    case 'move-faq':
      return sendContentOp(client, op, signal)
    case 'record-payment':
    case 'grant-credit':
    case 'post-adjustment':
    case 'refund-payment':
      return sendAccountOp(client, op, signal)
  }
}

/** A request sent, and what came back: one answer per op, in order. */
interface Landed {
  ops: QueuedOp[]
  answers: Answer[]
  /** Sent with the session refreshed during this flush. */
  afterRefresh: boolean
}

/** Sends ops ready together: their status changes in one batch, every other op on its own, all at once. */
function requestsOf(client: Supabase, ops: readonly QueuedOp[], signal: AbortSignal): { ops: QueuedOp[]; answers: Promise<Answer[]> }[] {
  const statuses = ops.filter((op) => op.kind === 'set-status')
  const singles = ops.filter((op): op is SingleOp => op.kind !== 'set-status')
  return [
    ...(statuses.length > 0 ? [{ ops: statuses, answers: applyStatuses(client, statuses, signal) }] : []),
    ...singles.map((op) => ({ ops: [op], answers: sendOne(client, op, signal).then((answer) => [answer]) })),
  ]
}

/** Only a refusal that names why parks an op for its user; anything else is tried again after its backoff, however long it lasts. */
function settlementOf(op: QueuedOp, answer: Answer): Settlement {
  if ('outcome' in answer) return answer
  if (answer.kind === 'refused') return { op, outcome: 'refused', message: answer.message, key: answer.key }
  return { op, outcome: 'retry', message: answer.message, retryAt: Date.now() + backoffMs(op.attempts + 1) }
}

const isRecorded = ({ outcome }: Settlement) => outcome === 'applied' || outcome === 'recorded' || outcome === 'uploaded' || outcome === 'saved' || outcome === 'posted'
const isUnauthorized = (answer: Answer) => 'kind' in answer && answer.kind === 'unauthorized'
/** No answer, or a session that could not be made to work: the rest would get no further now. */
const endsFlush = (answer: Answer) => 'kind' in answer && (answer.kind === 'unanswered' || answer.kind === 'unauthorized')

interface ReadyFilter {
  force: boolean
  files: boolean
  /**
   * Ops told to wait during this flush: sent again once their backoff is over while other requests
   * keep the flush going (a long upload must not hold a 503'd change for its whole length), else
   * left to the next flush.
   */
  waiting: ReadonlySet<string>
  /** Subjects with an op on its way. */
  flights: Pick<InFlight<unknown>, 'has' | 'size'>
}

/**
 * The ops to send now, in creation order: each subject's oldest op, if it is pending and due and its
 * subject has none on its way; at most one per subject (package, prealert, shipment…), so a row's
 * changes reach the server in the order they were made, and a subject whose oldest op waits (for
 * its user, for its backoff, for its answer) holds only that subject's later ops back, never
 * another's. `retryAt` is when the first op waiting for its backoff is due, or null.
 */
async function readyOps(userId: string, { force, files, waiting, flights }: ReadyFilter): Promise<{ ops: QueuedOp[]; retryAt: number | null }> {
  const room = mostInFlight - flights.size
  const ops: QueuedOp[] = []
  const held = new Set<string>()
  let retryAt: number | null = null
  if (room <= 0) return { ops, retryAt }
  const now = Date.now()
  for (const op of await queuedOpsOf(userId)) {
    const subject = subjectOf(op)
    if (held.has(subject)) continue
    held.add(subject)
    if (flights.has(subject) || op.state !== 'pending' || (!files && isUploadOp(op))) continue
    const told = waiting.has(op.opId)
    if ((told && flights.size === 0) || ((told || !force) && op.nextAttemptAt > now)) {
      retryAt = Math.min(retryAt ?? Infinity, op.nextAttemptAt)
      continue
    }
    if (ops.length < room) ops.push(op)
  }
  return { ops, retryAt }
}

/** Runs `fn` while holding the outbox lock: one tab (or the service worker) sends at a time. */
async function withOutboxLock<T>(signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return fn()
  return (await navigator.locks.request(outboxLock, { signal }, fn)) as T
}

export interface FlushOptions {
  /** Ignore backoffs: the connection just came back, or the user asked. */
  force?: boolean
  /** Aborts the requests in flight and stops the flush (sign-out, user switch); nothing more is recorded. */
  signal?: AbortSignal
  /** Send queued files too (default). The service worker leaves them, and what waits behind them, to a page. */
  files?: boolean
}

/**
 * Sends the queued ops of `owner`'s user (DESIGN §6), up to 100 of different subjects on their way
 * at once, and records each answer as it lands: a slow upload holds back nothing but its own
 * subject's later ops. A subject's next op goes as soon as the one before it is answered, and an op
 * queued meanwhile (in any tab) goes at once. An op leaves the outbox only when the server has
 * recorded it; exactly once comes from its op_id on the server, so a replay after a lost answer is
 * harmless. A conflict or a refusal is kept for the user and the flush goes on with other subjects;
 * that subject's later ops wait behind it. An op the server answered "not now" (5xx, 429…) waits
 * for its backoff while the flush goes on with other subjects; no answer at all, or a session that
 * cannot be refreshed, ends the flush: nothing more is sent, and the answers of what is on its way
 * are recorded as they land. An op told to wait is sent again in the same flush once its backoff is
 * over only while other requests keep the flush going (a long upload); otherwise the flush ends and
 * `retryAt` says when the first one waiting is due. A 401 refreshes the session once, and what the old token got turned back with is
 * sent again. Once `owner`'s session is over (`signal` aborted, or the device taken by another
 * session) the flush ends, recording nothing more.
 */
export async function flushOutbox(client: Supabase, owner: DeviceOwner, { force = false, signal = new AbortController().signal, files = true }: FlushOptions = {}): Promise<FlushResult> {
  let sent = 0
  try {
    return await withOutboxLock(signal, async () => {
      const flights = inFlight<Landed>()
      // Stops what is still on its way when the flush ends early (the device taken by another session, an error).
      const ended = new AbortController()
      const sending = AbortSignal.any([signal, ended.signal])
      const stopWatching = onOutboxChange(flights.poke)
      const waiting = new Set<string>()
      const retryAts: number[] = []
      let refresh: 'not-yet' | 'done' | 'failed' = 'not-yet'
      let ending = false
      // Wakes the flush when an op told to wait is due again while others are on their way.
      let dueTimer: ReturnType<typeof setTimeout> | undefined
      try {
        for (;;) {
          flights.hush()
          clearTimeout(dueTimer)
          if (!ending) {
            const ready = await readyOps(owner.userId, { force, files, waiting, flights })
            const afterRefresh = refresh === 'done'
            for (const request of requestsOf(client, ready.ops, sending)) {
              flights.add(request.ops.map(subjectOf), request.answers.then((answers) => ({ ops: request.ops, answers, afterRefresh })))
            }
            if (flights.size === 0) return { sent, retryAt: ready.retryAt }
            if (ready.retryAt !== null) dueTimer = setTimeout(flights.poke, Math.max(0, ready.retryAt - Date.now()))
          } else if (flights.size === 0) return { sent, retryAt: Math.min(...retryAts) }

          const settlements: Settlement[] = []
          for (const { ops, answers, afterRefresh } of await flights.next()) {
            if (signal.aborted) break
            if (!ending && answers.some(isUnauthorized)) {
              // An expired or revoked token: refreshed once; what went with the old one is sent again.
              if (refresh === 'not-yet') refresh = (await client.auth.refreshSession()).error ? 'failed' : 'done'
              if (refresh === 'done' && !afterRefresh) continue
            }
            settlements.push(...ops.map((op, i) => settlementOf(op, answers[i]!)))
            if (answers.some(endsFlush)) ending = true
          }
          if (signal.aborted) return { sent, retryAt: null }
          if (settlements.length > 0) await settleAll(owner, settlements)
          sent += settlements.filter(isRecorded).length
          for (const settlement of settlements) {
            if (settlement.outcome !== 'retry') continue
            waiting.add(settlement.op.opId)
            retryAts.push(settlement.retryAt)
          }
        }
      } finally {
        clearTimeout(dueTimer)
        stopWatching()
        ended.abort()
        await flights.drained()
      }
    })
  } catch (error) {
    if (error instanceof NotOwnerError || signal.aborted) return { sent, retryAt: null }
    throw error
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
  })
}

/**
 * For a sender with no timer of its own (the service worker's sync event): sends the outbox now,
 * then, whenever what is left waits only for its backoff, waits and sends again, until nothing is
 * left to send or the next try would come after `deadline` (epoch ms). The same rules as every
 * flush: a backend restart is ridden out, however many tries it takes.
 */
export async function flushUntil(client: Supabase, owner: DeviceOwner, deadline: number, { signal = new AbortController().signal, files }: Pick<FlushOptions, 'signal' | 'files'> = {}): Promise<FlushResult> {
  let sent = 0
  let force = true
  for (;;) {
    const result = await flushOutbox(client, owner, { force, signal, files })
    sent += result.sent
    if (result.retryAt === null || result.retryAt > deadline || signal.aborted) return { sent, retryAt: result.retryAt }
    await pause(result.retryAt - Date.now(), signal)
    force = false
  }
}
