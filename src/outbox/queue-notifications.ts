import { db, type MarkNotificationsReadOp, type SetPushPreferencesOp } from '@/local-db/db'
import { microsOf, withPendingReads } from '@/local-db/notification-overlay'
import { assertOwner } from '@/local-db/owner'
import type { NotificationKind } from '@/local-db/rows'
import { addOps, newOpFields, notifyQueued } from './queue'

/**
 * "Mark all as read": queues one op that marks every notification made up to the newest one this
 * device holds, which the screen shows read at once, and the server marks exactly those (and any
 * made as early that this device has not pulled yet, which show read when they arrive). However
 * many there are, the op stays small. Returns how many unread ones it covers on this device.
 */
export async function queueNotificationsRead(userId: string): Promise<number> {
  const marked = await db.transaction('rw', db.notifications, db.outbox, db.owner, async () => {
    await assertOwner(userId)
    const shown = withPendingReads(await db.notifications.toArray(), await db.outbox.toArray())
    const unread = shown.filter((row) => row.read_at === null).length
    if (unread === 0) return 0
    const newest = shown.reduce((latest, row) => (microsOf(row.created_at) > microsOf(latest.created_at) ? row : latest))
    const op: MarkNotificationsReadOp = { ...newOpFields(userId), kind: 'mark-notifications-read', upTo: newest.created_at }
    await db.outbox.add(op)
    return unread
  })
  if (marked > 0) notifyQueued()
  return marked
}

/** Queues the kinds the customer does not want pushed; screens show them at once (see usePushMuted). */
export function queuePushPreferences(userId: string, pushMuted: readonly NotificationKind[]): Promise<void> {
  const op: SetPushPreferencesOp = { ...newOpFields(userId), kind: 'set-push-preferences', pushMuted: [...pushMuted] }
  return addOps(userId, [op])
}
