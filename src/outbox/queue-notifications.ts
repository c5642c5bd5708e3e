import { db, type MarkNotificationsReadOp } from '@/local-db/db'
import { assertOwner } from '@/local-db/owner'
import { newOpFields, notifyQueued } from './queue'

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
