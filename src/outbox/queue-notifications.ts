import { db, type MarkNotificationsReadOp, type SetNotificationPreferenceOp } from '@/local-db/db'
import { covers, withPendingReads } from '@/local-db/notification-overlay'
import { assertOwner } from '@/local-db/owner'
import type { MailKind, NotificationChannel, NotificationKind } from '@/local-db/rows'
import { readSyncState } from '@/local-db/writes'
import { addOps, newOpFields, notifyQueued } from './queue'

/**
 * "Mark all as read": queues one op that marks every notification this device has pulled, through
 * the notifications stream's checkpoint, which the screen shows read at once and the server marks
 * exactly (`mark_notifications_read_through`): one pulled later stays unread, however early it was
 * made. However many there are, the op stays small. Returns how many unread ones it covers here.
 */
export async function queueNotificationsRead(userId: string): Promise<number> {
  const marked = await db.transaction('rw', [db.notifications, db.outbox, db.syncState, db.owner], async () => {
    await assertOwner(userId)
    const through = (await readSyncState('notifications', userId))?.checkpoint
    // Nothing pulled since the stream started over: no checkpoint names what is on screen.
    if (!through) return 0
    const op: MarkNotificationsReadOp = { ...newOpFields(userId), kind: 'mark-notifications-read', through }
    const shown = withPendingReads(await db.notifications.toArray(), await db.outbox.toArray())
    const unread = shown.filter((row) => row.read_at === null && covers(op, row)).length
    if (unread > 0) await db.outbox.add(op)
    return unread
  })
  if (marked > 0) notifyQueued()
  return marked
}

/** Queues one cell of the notification settings: `kinds` on or off on `channel`; screens show it at once (see useMutedKinds). */
export function queueNotificationPreference(userId: string, channel: NotificationChannel, kinds: readonly (NotificationKind | MailKind)[], on: boolean): Promise<void> {
  const op: SetNotificationPreferenceOp = { ...newOpFields(userId), kind: 'set-notification-preference', channel, kinds: [...kinds], on }
  return addOps(userId, [op])
}
