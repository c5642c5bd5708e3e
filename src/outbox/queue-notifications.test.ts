import { beforeEach, describe, expect, it } from 'vitest'
import { db, type LocalProfile, type MarkNotificationsReadOp } from '@/local-db/db'
import { microsOf, withPendingReads } from '@/local-db/notification-overlay'
import { takeOwnership, type DeviceOwner } from '@/local-db/owner'
import { pushMutedOf } from '@/local-db/queries'
import type { NotificationRow } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { applyPulledNotifications } from '@/local-db/writes'
import { newOpFields } from './queue'
import { queueNotificationsRead, queuePushPreferences } from './queue-notifications'
import { discard } from './resolve'

const notification = (id: string, created_at: string, read_at: string | null = null): NotificationRow => ({
  id,
  kind: 'package_status',
  payload: { package_id: 'p1', tracking_code: 'TBA1', status: 'transito' },
  created_at,
  read_at,
})

let owner: DeviceOwner

/** What the inbox shows: the server's rows with this device's marks over them. */
const shown = async () => Object.fromEntries(withPendingReads(await db.notifications.toArray(), await db.outbox.toArray()).map((row) => [row.id, row.read_at !== null]))
const marks = async () => (await db.outbox.toArray()) as MarkNotificationsReadOp[]

beforeEach(async () => {
  await clearLocalData()
  owner = await takeOwnership('customer')
  await db.notifications.bulkPut([
    notification('a', '2026-11-25T12:00:00.000001+00:00'),
    notification('b', '2026-11-25T12:00:00.000002+00:00'),
    notification('c', '2026-11-25T11:00:00+00:00', '2026-11-25T13:00:00+00:00'),
  ])
})

describe('mark all as read', () => {
  it('shows every notification read at once and queues one op up to the newest one the device holds, by the server’s clock', async () => {
    expect(await queueNotificationsRead('customer')).toBe(2)
    expect(await shown()).toEqual({ a: true, b: true, c: true })
    expect(await marks()).toEqual([expect.objectContaining({ kind: 'mark-notifications-read', upTo: '2026-11-25T12:00:00.000002+00:00', userId: 'customer' })])
    // The rows stay as the server has them: the op lays the mark over them.
    expect((await db.notifications.get('a'))?.read_at).toBeNull()
    expect(await queueNotificationsRead('customer')).toBe(0)
    expect(await db.outbox.count()).toBe(1)
  })

  it('marks on the device exactly what the server will: one made as early but pulled later shows read, one made after stays unread', async () => {
    await queueNotificationsRead('customer')
    await applyPulledNotifications(
      'notifications',
      owner,
      [
        notification('a', '2026-11-25T12:00:00.000001+00:00'),
        notification('late', '2026-11-25T12:00:00.000002+00:00'),
        notification('after', '2026-11-25T12:00:00.000003+00:00'),
      ],
      '1:x',
    )
    expect(await shown()).toEqual({ a: true, b: true, c: true, late: true, after: false })
  })

  it('discarded or refused, the mark did not happen: the notifications show as the server has them', async () => {
    await queueNotificationsRead('customer')
    await db.outbox.toCollection().modify({ state: 'failed', lastError: 'Not signed in' })
    expect(await shown()).toEqual({ a: false, b: false, c: true })
    await db.outbox.toCollection().modify({ state: 'pending' })
    await discard((await marks())[0]!)
    expect(await db.outbox.count()).toBe(0)
    expect(await shown()).toEqual({ a: false, b: false, c: true })
  })

  it('an op of the earlier shape, queued with the ids it marked, still covers those; discarded, they show unread until pulled again from the start', async () => {
    // Earlier versions marked the rows themselves as well.
    await db.notifications.update('a', { read_at: '2026-11-25T12:30:00Z' })
    const legacy = { ...newOpFields('customer'), kind: 'mark-notifications-read', notificationIds: ['a', 'b'] } satisfies MarkNotificationsReadOp
    await db.outbox.add(legacy)
    await db.syncState.put({ key: 'notifications', userId: 'customer', checkpoint: '9:z', syncedAt: 1 })
    expect(await shown()).toEqual({ a: true, b: true, c: true })

    await discard((await marks())[0]!)
    expect(await shown()).toEqual({ a: false, b: false, c: true })
    expect(await db.syncState.get('notifications')).toBeUndefined()
  })

  it('queues nothing for a session that has ended', async () => {
    await takeOwnership('someone-else')
    await expect(queueNotificationsRead('customer')).rejects.toMatchObject({ name: 'NotOwnerError' })
    expect(await db.outbox.count()).toBe(0)
  })
})

it('compares server times to the microsecond, whatever their offset', () => {
  expect(microsOf('2026-11-25T12:00:00.000002+00:00') - microsOf('2026-11-25T12:00:00.000001+00:00')).toBe(1)
  expect(microsOf('2026-11-25T12:00:00.5Z')).toBe(microsOf('2026-11-25T12:00:00.500000+00:00'))
  expect(microsOf('2026-11-25T07:00:00-05:00')).toBe(microsOf('2026-11-25T12:00:00+00:00'))
  expect(microsOf('2026-11-25T12:00:00+00:00')).toBe(Date.parse('2026-11-25T12:00:00Z') * 1000)
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
