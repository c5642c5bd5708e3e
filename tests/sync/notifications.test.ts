import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, signedIn, signedUpCustomer, startTestStandIn } from '../backend/helpers'
import { db, type MarkNotificationsReadOp } from '@/local-db/db'
import { withPendingReads } from '@/local-db/notification-overlay'
import { takeOwnership } from '@/local-db/owner'
import type { PackageRow } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { newOpFields } from '@/outbox/queue'
import { queueNotificationsRead } from '@/outbox/queue-notifications'
import { notificationStream, pullStream, rpcPullSource } from '@/sync-engine/pull'
import { flushOutbox } from '@/sync-engine/push'

// "Mark all as read" from the outbox against a running stand-in: one small op, carrying the
// checkpoint of the pull that brought the notifications, marks on the server exactly what the device
// showed read at once, and one pulled after stays unread on both; ops of the older shapes (a time, or
// more ids than one call takes) are still sent whole.

let standIn: StandIn
let admin: SupabaseClient
let customer: SupabaseClient
let customerId: string

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await signedIn(standIn.url, demoAdmin)
  ;({ id: customerId, client: customer } = await signedUpCustomer(standIn.url, 'inbox'))
})

afterAll(async () => {
  await standIn?.close()
})

beforeEach(async () => {
  await clearLocalData()
  await takeOwnership(customerId)
})

/** The warehouse registers a package for the customer, which tells them; returns the notification's id. */
async function notify(): Promise<string> {
  const { data, error } = await admin.from('packages').insert({ user_id: customerId, tracking_code: `INBOX-${randomUUID().slice(0, 8)}` }).select().single()
  if (error) throw new Error(error.message)
  const { data: notifications } = await customer.from('notifications').select('id, payload')
  return (notifications as { id: string; payload: { package_id: string } }[]).find((notification) => notification.payload.package_id === (data as PackageRow).id)!.id
}

const pull = async () => pullStream(notificationStream, rpcPullSource(customer, notificationStream), await takeOwnership(customerId))
const flush = async () => flushOutbox(customer, await takeOwnership(customerId), { force: true })
const readOnServer = async (ids: string[]) =>
  Object.fromEntries((((await customer.from('notifications').select('id, read_at').in('id', ids)).data ?? []) as { id: string; read_at: string | null }[]).map((row) => [row.id, row.read_at !== null]))
const readOnDevice = async (ids: string[]) =>
  Object.fromEntries(withPendingReads(await db.notifications.bulkGet(ids).then((rows) => rows.filter((row) => row !== undefined)), await db.outbox.toArray()).map((row) => [row.id, row.read_at !== null]))

it('marks on the server what the device showed read at once, through the checkpoint of its pull; one pulled after stays unread on both', async () => {
  const held = [await notify(), await notify()]
  await pull()
  expect(await queueNotificationsRead(customerId)).toBe(2)
  const [op] = (await db.outbox.toArray()) as MarkNotificationsReadOp[]
  expect(op).toMatchObject({ through: (await db.syncState.get('notifications'))!.checkpoint })
  const after = await notify()
  await pull()
  const all = [...held, after]
  const shown = { [held[0]!]: true, [held[1]!]: true, [after]: false }
  expect(await readOnDevice(all)).toEqual(shown)

  expect(await flush()).toEqual({ sent: 0, retryAt: null })
  expect(await db.outbox.count()).toBe(0)
  expect(await readOnServer(all)).toEqual(shown)
  await pull()
  expect(await readOnDevice(all)).toEqual(shown)
})

it('an op of the earlier time shape, still queued, marks on the server what was made up to its time', async () => {
  const [first, second] = [await notify(), await notify()]
  const { data } = await customer.from('notifications').select('id, created_at').eq('id', first!).single()
  const byTime = { ...newOpFields(customerId), kind: 'mark-notifications-read', upTo: (data as { created_at: string }).created_at } satisfies MarkNotificationsReadOp
  await db.outbox.add(byTime)

  await flush()
  expect(await db.outbox.count()).toBe(0)
  expect(await readOnServer([first!, second!])).toEqual({ [first!]: true, [second!]: false })
})

it('an op of the earlier ids shape with more ids than one call takes is sent in parts, whole', async () => {
  const [first, last] = [await notify(), await notify()]
  const ids = [first!, ...Array.from({ length: 1_498 }, () => randomUUID()), last!]
  const legacy = { ...newOpFields(customerId), kind: 'mark-notifications-read', notificationIds: ids } satisfies MarkNotificationsReadOp
  await db.outbox.add(legacy)

  await flush()
  expect(await db.outbox.count()).toBe(0)
  expect(await readOnServer([first!, last!])).toEqual({ [first!]: true, [last!]: true })
})
