import { beforeEach, expect, it } from 'vitest'
import { db } from '@/local-db/db'
import { takeOwnership, type DeviceOwner } from '@/local-db/owner'
import type { NotificationRow } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { applyPulledNotifications } from '@/local-db/writes'
import { queueNotificationsRead } from './queue-notifications'

const notification = (id: string, read_at: string | null = null): NotificationRow => ({
  id,
  kind: 'package_status',
  payload: { package_id: 'p1', tracking_code: 'TBA1', status: 'transito' },
  created_at: '2026-11-25T12:00:00Z',
  read_at,
})

let owner: DeviceOwner

beforeEach(async () => {
  await clearLocalData()
  owner = await takeOwnership('customer')
  await db.notifications.bulkPut([notification('a'), notification('b'), notification('c', '2026-11-25T13:00:00Z')])
})

it('marks the unread ones read on the device at once and queues one op with their ids', async () => {
  expect(await queueNotificationsRead('customer', ['a', 'b', 'c'])).toBe(2)
  expect((await db.notifications.toArray()).every((row) => row.read_at !== null)).toBe(true)
  const ops = await db.outbox.toArray()
  expect(ops).toHaveLength(1)
  expect(ops[0]).toMatchObject({ kind: 'mark-notifications-read', notificationIds: ['a', 'b'], userId: 'customer' })
  expect(await queueNotificationsRead('customer', ['a', 'c'])).toBe(0)
  expect(await db.outbox.count()).toBe(1)
})

it('a pull that brings a notification unread, before the server heard it was read, leaves it read', async () => {
  await queueNotificationsRead('customer', ['a'])
  await applyPulledNotifications(owner, [notification('a'), notification('d')], '1:x')
  expect((await db.notifications.get('a'))?.read_at).not.toBeNull()
  expect((await db.notifications.get('d'))?.read_at).toBeNull()
})

it('queues nothing for a session that has ended', async () => {
  await takeOwnership('someone-else')
  await expect(queueNotificationsRead('customer', ['a'])).rejects.toMatchObject({ name: 'NotOwnerError' })
  expect(await db.outbox.count()).toBe(0)
})
