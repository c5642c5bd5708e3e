import { beforeEach, expect, it } from 'vitest'
import { db, type LocalProfile } from '@/local-db/db'
import { takeOwnership, type DeviceOwner } from '@/local-db/owner'
import { pushMutedOf } from '@/local-db/queries'
import type { NotificationRow } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { applyPulledNotifications } from '@/local-db/writes'
import { queueNotificationsRead, queuePushPreferences } from './queue-notifications'

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
  await applyPulledNotifications('notifications', owner, [notification('a'), notification('d')], '1:x')
  expect((await db.notifications.get('a'))?.read_at).not.toBeNull()
  expect((await db.notifications.get('d'))?.read_at).toBeNull()
})

it('queues nothing for a session that has ended', async () => {
  await takeOwnership('someone-else')
  await expect(queueNotificationsRead('customer', ['a'])).rejects.toMatchObject({ name: 'NotOwnerError' })
  expect(await db.outbox.count()).toBe(0)
})

it('push preferences show as chosen at once: the newest choice still to be sent, else the profile’s once none is pending', async () => {
  await db.profiles.put({ id: 'customer', push_muted: ['package_status'] } as LocalProfile)
  expect(await pushMutedOf('customer')).toEqual(['package_status'])

  await queuePushPreferences('customer', ['storage_ending'])
  await queuePushPreferences('customer', ['storage_ending', 'shipment_shipped'])
  expect(await pushMutedOf('customer')).toEqual(['storage_ending', 'shipment_shipped'])
  expect((await db.outbox.toArray()).map((op) => op.kind)).toEqual(['set-push-preferences', 'set-push-preferences'])

  // Refused by the server: the device goes back to what the server has.
  await db.outbox.toCollection().modify({ state: 'failed' })
  expect(await pushMutedOf('customer')).toEqual(['package_status'])
  await expect(queuePushPreferences('someone-else', [])).rejects.toThrow()
})
