import { db } from './db'
import { withPendingReads } from './notification-overlay'

/**
 * How many of the customer's notifications are unread on this device (marks still queued count as
 * read), with `arriving` (one just pushed, perhaps not pulled yet) counted as unread if it is not here.
 */
export async function unreadNotificationCount(arriving?: string): Promise<number> {
  const notifications = withPendingReads(await db.notifications.toArray(), await db.outbox.toArray())
  const unread = notifications.filter((notification) => notification.read_at === null).length
  return arriving && !notifications.some((notification) => notification.id === arriving) ? unread + 1 : unread
}
