import { beforeEach, describe, expect, it } from 'vitest'
import { db, type LocalProfile, type MarkNotificationsReadOp, type SetPushPreferencesOp } from '@/local-db/db'
import { microsOf, pulledThrough, withPendingReads } from '@/local-db/notification-overlay'
import { takeOwnership, type DeviceOwner } from '@/local-db/owner'
import { mutedKindsOf } from '@/local-db/notification-preferences'
import { readInbox } from '@/local-db/queries'
import type { NotificationRow } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { applyPulledNotifications } from '@/local-db/writes'
import { newOpFields } from './queue'
import { queueNotificationPreference, queueNotificationsRead } from './queue-notifications'
import { discard } from './resolve'

const notification = (id: string, created_at: string, change_xid: string | undefined, read_at: string | null = null): NotificationRow => ({
  id,
  kind: 'package_status',
  payload: { package_id: 'p1', tracking_code: 'TBA1', status: 'transito' },
  created_at,
  read_at,
  ...(change_xid === undefined ? {} : { change_xid }),
})

let owner: DeviceOwner

/** What the inbox shows: the server's rows with this device's marks over them. */
const shown = async () => Object.fromEntries(withPendingReads(await db.notifications.toArray(), await db.outbox.toArray()).map((row) => [row.id, row.read_at !== null]))
const marks = async () => (await db.outbox.toArray()) as MarkNotificationsReadOp[]

beforeEach(async () => {
  await clearLocalData()
  owner = await takeOwnership('customer')
  // A pull's page: rows in the pulls' order (change_xid, id), its checkpoint the last one's.
  await applyPulledNotifications(
    'notifications',
    owner,
    [
      notification('c', '2026-11-25T11:00:00+00:00', '9', '2026-11-25T13:00:00+00:00'),
      notification('a', '2026-11-25T12:00:00.000001+00:00', '10'),
      notification('b', '2026-11-25T12:00:00.000002+00:00', '11'),
    ],
    '11:b',
  )
})

describe('mark all as read', () => {
  it('shows every notification read at once and queues one op through the checkpoint of the pull that brought them', async () => {
    expect(await queueNotificationsRead('customer')).toBe(2)
    expect(await shown()).toEqual({ a: true, b: true, c: true })
    expect(await marks()).toEqual([expect.objectContaining({ kind: 'mark-notifications-read', through: '11:b', userId: 'customer' })])
    // The rows stay as the server has them: the op lays the mark over them.
    expect((await db.notifications.get('a'))?.read_at).toBeNull()
    expect(await queueNotificationsRead('customer')).toBe(0)
    expect(await db.outbox.count()).toBe(1)
  })

  it('marks on the device exactly what the server will: one pulled later stays unread, however early it was made', async () => {
    await queueNotificationsRead('customer')
    // A slow job committed `late` after that pull, made before `b`: it comes after the checkpoint.
    await applyPulledNotifications('notifications', owner, [notification('late', '2026-11-25T12:00:00.000001+00:00', '12'), notification('after', '2026-11-25T12:00:00.000003+00:00', '13')], '13:after')
    expect(await shown()).toEqual({ a: true, b: true, c: true, late: false, after: false })
    // Marked again, the new op covers them too.
    expect(await queueNotificationsRead('customer')).toBe(2)
    expect(await shown()).toEqual({ a: true, b: true, c: true, late: true, after: true })
  })

  it('covers a row stored before the pull said where it was: it came from a pull that ended before the checkpoint', async () => {
    await db.notifications.put(notification('older', '2026-11-24T12:00:00+00:00', undefined))
    expect(await queueNotificationsRead('customer')).toBe(3)
    expect(await shown()).toEqual({ a: true, b: true, c: true, older: true })
  })

  it('queues nothing while the stream has no checkpoint (it starts over), as nothing names what is on screen', async () => {
    await db.syncState.delete('notifications')
    expect(await queueNotificationsRead('customer')).toBe(0)
    expect(await db.outbox.count()).toBe(0)
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

  it('an op of the earlier time shape, still queued, covers what was made up to its time', async () => {
    const byTime = { ...newOpFields('customer'), kind: 'mark-notifications-read', upTo: '2026-11-25T12:00:00.000001+00:00' } satisfies MarkNotificationsReadOp
    await db.outbox.add(byTime)
    await applyPulledNotifications('notifications', owner, [notification('late', '2026-11-25T12:00:00.000001+00:00', '12')], '12:late')
    expect(await shown()).toEqual({ a: true, b: false, c: true, late: true })
  })

  it('an op of the earlier ids shape still covers those; discarded, they show unread until pulled again from the start', async () => {
    // Earlier versions marked the rows themselves as well.
    await db.notifications.update('a', { read_at: '2026-11-25T12:30:00Z' })
    const legacy = { ...newOpFields('customer'), kind: 'mark-notifications-read', notificationIds: ['a', 'b'] } satisfies MarkNotificationsReadOp
    await db.outbox.add(legacy)
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

it('orders pull positions as the database does: by transaction id as a number, then by id', () => {
  expect(pulledThrough('9', 'b', '10:a')).toBe(true)
  expect(pulledThrough('10', 'a', '9:b')).toBe(false)
  expect(pulledThrough('10', '0000000a-0000-0000-0000-000000000000', '10:0000000A-0000-0000-0000-000000000000')).toBe(true)
  expect(pulledThrough('10', '0000000b-0000-0000-0000-000000000000', '10:0000000a-0000-0000-0000-000000000000')).toBe(false)
  // Past 2^53, where a JavaScript number would lose the last digits.
  expect(pulledThrough('9007199254740993', 'a', '9007199254740992:z')).toBe(false)
  expect(pulledThrough('9007199254740992', 'z', '9007199254740993:a')).toBe(true)
})

it('compares server times to the microsecond, whatever their offset', () => {
  expect(microsOf('2026-11-25T12:00:00.000002+00:00') - microsOf('2026-11-25T12:00:00.000001+00:00')).toBe(1)
  expect(microsOf('2026-11-25T12:00:00.5Z')).toBe(microsOf('2026-11-25T12:00:00.500000+00:00'))
  expect(microsOf('2026-11-25T07:00:00-05:00')).toBe(microsOf('2026-11-25T12:00:00+00:00'))
  expect(microsOf('2026-11-25T12:00:00+00:00')).toBe(Date.parse('2026-11-25T12:00:00Z') * 1000)
})

it('notification preferences show as chosen at once, each cell over the profile’s, and go back to the profile’s when the server refuses', async () => {
  await db.profiles.put({ id: 'customer', push_muted: ['package_status'], mail_muted: ['charge_due'] } as LocalProfile)
  expect(await mutedKindsOf('customer')).toEqual({ in_app: [], push: ['package_status'], mail: ['charge_due'] })

  await queueNotificationPreference('customer', 'push', ['package_status'], true)
  await queueNotificationPreference('customer', 'mail', ['storage_ending', 'storage_last_day'], false)
  await queueNotificationPreference('customer', 'in_app', ['shipment_shipped'], false)
  expect(await mutedKindsOf('customer')).toEqual({ in_app: ['shipment_shipped'], push: [], mail: ['charge_due', 'storage_ending', 'storage_last_day'] })
  expect((await db.outbox.toArray()).map((op) => op.kind)).toEqual(['set-notification-preference', 'set-notification-preference', 'set-notification-preference'])

  // Refused by the server: the device goes back to what the server has.
  await db.outbox.toCollection().modify({ state: 'failed' })
  expect(await mutedKindsOf('customer')).toEqual({ in_app: [], push: ['package_status'], mail: ['charge_due'] })
  await expect(queueNotificationPreference('someone-else', 'push', [], true)).rejects.toThrow()
})

it('a push choice queued by an earlier version of the app still shows until it is sent', async () => {
  await db.profiles.put({ id: 'customer', push_muted: [] } as unknown as LocalProfile)
  const earlier: SetPushPreferencesOp = { ...newOpFields('customer'), kind: 'set-push-preferences', pushMuted: ['charge_due'] }
  await db.outbox.add(earlier)
  expect((await mutedKindsOf('customer')).push).toEqual(['charge_due'])
})

it('the inbox and its badge leave out the kinds turned off in the app, which the device still keeps', async () => {
  await db.notifications.clear()
  await db.profiles.put({ id: 'customer', in_app_muted: ['package_status'] } as LocalProfile)
  await db.notifications.bulkPut([notification('n1', '2026-11-25T12:00:00Z', '1:n1'), { ...notification('n2', '2026-11-25T12:01:00Z', '1:n2'), kind: 'package_received' }])
  expect((await readInbox()).map((row) => row.id)).toEqual(['n2'])
  await queueNotificationPreference('customer', 'in_app', ['package_status'], true)
  expect((await readInbox()).map((row) => row.id)).toEqual(['n2', 'n1'])
})
