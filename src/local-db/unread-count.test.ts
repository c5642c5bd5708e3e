import { beforeEach, describe, expect, it } from 'vitest'
import { db, type MarkNotificationsReadOp } from './db'
import type { NotificationRow } from './rows'
import { unreadNotificationCount } from './unread-count'
import { clearLocalData } from './wipe'

const notification = (id: string, read_at: string | null = null): NotificationRow => ({
  id,
  kind: 'package_received',
  payload: { package_id: 'p1', tracking_code: 'TBA1' },
  created_at: `2026-11-25T12:00:0${id.length}+00:00`,
  read_at,
})

beforeEach(async () => {
  await clearLocalData()
  await db.notifications.bulkPut([notification('a'), notification('bb'), notification('ccc', '2026-11-25T13:00:00+00:00')])
})

describe("the app icon's unread count", () => {
  it('counts the unread ones, less those this device marked read while the server has not heard yet', async () => {
    expect(await unreadNotificationCount()).toBe(2)
    const mark = { opId: 'mark-a', userId: 'customer', state: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null, createdAt: '2026-11-25T14:00:00Z', kind: 'mark-notifications-read', upTo: '2026-11-25T12:00:01+00:00' } satisfies MarkNotificationsReadOp
    await db.outbox.add(mark)
    expect(await unreadNotificationCount()).toBe(1)
  })

  it('counts a pushed notification once: not yet pulled, or already here', async () => {
    expect(await unreadNotificationCount('new')).toBe(3)
    expect(await unreadNotificationCount('a')).toBe(2)
    expect(await unreadNotificationCount('ccc')).toBe(2)
  })
})
