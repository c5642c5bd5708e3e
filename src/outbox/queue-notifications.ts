import { db, type MarkNotificationsReadOp, type SetPushPreferencesOp } from '@/local-db/db'
import type { NotificationKind } from '@/local-db/rows'
import { assertOwner } from '@/local-db/owner'
import { addOps, newOpFields, notifyQueued } from './queue'

/**
 * Marks these notifications read on this device at once and queues one op for the server, in one
 * transaction. Those already read are left alone. Returns how many it marked.
 */
export async function queueNotificationsRead(userId: string, ids: readonly string[]): Promise<number> {
  const marked = await db.transaction('rw', db.notifications, db.outbox, db.owner, async () => {
    await assertOwner(userId)
    const now = new Date().toISOString()
    const unread = (await db.notifications.bulkGet([...ids])).flatMap((row) => (row && row.read_at === null ? [{ ...row, read_at: now }] : []))
    if (unread.length === 0) return 0
    await db.notifications.bulkPut(unread)
    const op: MarkNotificationsReadOp = { ...newOpFields(userId), kind: 'mark-notifications-read', notificationIds: unread.map((row) => row.id) }
    await db.outbox.add(op)
    return unread.length
  })
  if (marked > 0) notifyQueued()
  return marked
}

/** Queues the kinds the customer does not want pushed; screens show them at once (see usePushMuted). */
export function queuePushPreferences(userId: string, pushMuted: readonly NotificationKind[]): Promise<void> {
  const op: SetPushPreferencesOp = { ...newOpFields(userId), kind: 'set-push-preferences', pushMuted: [...pushMuted] }
  return addOps(userId, [op])
}
