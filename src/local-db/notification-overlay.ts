import type { MarkNotificationsReadOp, QueuedOp } from './db'
import type { NotificationRow } from './rows'

/**
 * A server timestamp (`2026-11-25T12:00:00.123456+00:00`) in microseconds since the epoch: the
 * database compares `created_at` to the microsecond, and a JavaScript date stops at the millisecond.
 */
export function microsOf(timestamp: string): number {
  const [, whole = timestamp, fraction = '', zone = ''] = /^(.*?)(?:\.(\d+))?(Z|[+-]\d\d(?::?\d\d)?)?$/i.exec(timestamp) ?? []
  return Date.parse(`${whole}${zone}`) * 1000 + Number(fraction.slice(0, 6).padEnd(6, '0'))
}

/**
 * Whether a row the pull brought at (`changeXid`, `id`) comes at or before `checkpoint`
 * (`"<change_xid>:<id>"`) in the pulls' order: by transaction id, a 64-bit number, then by id, a
 * uuid the database orders byte by byte, as its lowercase text sorts.
 */
export function pulledThrough(changeXid: string, id: string, checkpoint: string): boolean {
  const colon = checkpoint.indexOf(':')
  const [own, last] = [BigInt(changeXid), BigInt(checkpoint.slice(0, colon))]
  return own < last || (own === last && id.toLowerCase() <= checkpoint.slice(colon + 1).toLowerCase())
}

/**
 * Whether marking `op` covers `notification`, here as on the server (`mark_notifications_read_through`,
 * and for older ops `mark_notifications_read_until` or the ids). A row stored before the pull said
 * where it was came from a pull that ended before any checkpoint such an op carries.
 */
export function covers(op: MarkNotificationsReadOp, notification: NotificationRow): boolean {
  if ('through' in op) return notification.change_xid === undefined || pulledThrough(notification.change_xid, notification.id, op.through)
  return 'upTo' in op ? microsOf(notification.created_at) <= microsOf(op.upTo) : op.notificationIds.includes(notification.id)
}

export const isPendingRead = (op: QueuedOp): op is MarkNotificationsReadOp => op.kind === 'mark-notifications-read' && op.state === 'pending'

/**
 * The customer's notifications as screens show them: the server's rows, read where this device has
 * marked them and the server has not heard yet. A mark the server refused, or one discarded, did
 * not happen: the notification shows as the server has it.
 */
export function withPendingReads(rows: readonly NotificationRow[], ops: readonly QueuedOp[]): NotificationRow[] {
  const reads = ops.filter(isPendingRead)
  return rows.map((row) => {
    if (row.read_at !== null) return row
    const read = reads.find((op) => covers(op, row))
    return read ? { ...row, read_at: read.createdAt } : row
  })
}
