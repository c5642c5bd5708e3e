import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, signedIn, signedUpCustomer, startTestStandIn } from '../backend/helpers'
import { startFlakyGateway, type FlakyGateway, type GatewayAnswer } from '../support/flaky-gateway'
import { db } from '@/local-db/db'
import { takeOwnership } from '@/local-db/owner'
import type { PackageRow } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { queueRegistration, queueStatusChanges } from '@/outbox/queue'
import { pullStream, rpcPullSource, tableStream } from '@/sync-engine/pull'
import { flushOutbox, flushUntil } from '@/sync-engine/push'

// The outbox against a real gateway in front of the stand-in that answers 503 for a while, as one
// does while the backend restarts: changes wait, however many tries it takes (the service worker's
// way of sending is used, which waits out each backoff itself), never turn into refusals, and land
// exactly once when the backend is back, even when the first answer after it is lost. And a change
// the server keeps answering 503 to holds back no other row's.

let standIn: StandIn
let admin: SupabaseClient
let adminId: string
let customerId: string
let lockerCode: string
let gateway: FlakyGateway | undefined

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await signedIn(standIn.url, demoAdmin)
  adminId = (await admin.auth.getUser()).data.user!.id
  ;({ id: customerId } = await signedUpCustomer(standIn.url, 'trouble'))
  lockerCode = ((await admin.from('lockers').select('code').eq('user_id', customerId).single()).data as { code: string }).code
})

afterAll(async () => {
  await standIn?.close()
})

beforeEach(async () => {
  await clearLocalData()
  await takeOwnership(adminId)
})

afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

async function serverPackage() {
  const { data, error } = await admin.from('packages').insert({ user_id: customerId, tracking_code: `TRB-${randomUUID().slice(0, 8)}` }).select().single()
  if (error) throw new Error(error.message)
  return data as PackageRow
}

/** The admin's open packages, the part of the working set these changes are made on. */
const openPackages = tableStream('packages', 'open')
const pullAll = async () => pullStream(openPackages, rpcPullSource(admin, openPackages), await takeOwnership(adminId))
const draft = () => ({
  user_id: customerId,
  locker_code: lockerCode,
  public_token: randomUUID(),
  status: 'recibido' as const,
  tracking_code: `TRB-NEW-${randomUUID().slice(0, 8)}`,
  weight_kg: 1,
  volume_m3: 0.01,
  meta: null,
})

/** The admin, signed in through `gateway`. */
async function adminThrough(decide: (path: string) => GatewayAnswer) {
  gateway = await startFlakyGateway(standIn.url, decide)
  return signedIn(gateway.url, demoAdmin)
}

const isChange = (path: string) => path.startsWith('/rest/v1/rpc/apply_package_statuses') || path.startsWith('/rest/v1/rpc/register_package')

it('a backend answering 503 for longer than 8 tries: the changes wait, pending, and land once when it recovers, even if its first answer is lost', { timeout: 90_000 }, async () => {
  const pkg = await serverPackage()
  await pullAll()
  await queueStatusChanges(adminId, [pkg.id], 'transito')
  const registered = await queueRegistration(adminId, draft())

  let down = true
  const lostAfterRecovery = new Set<string>()
  const client = await adminThrough((path) => {
    if (!isChange(path)) return 'forward'
    if (down) return 'unavailable'
    const rpc = path.split('?')[0]!
    if (lostAfterRecovery.has(rpc)) return 'forward'
    lostAfterRecovery.add(rpc)
    return 'forward-then-unavailable'
  })
  const sending = flushUntil(client, await takeOwnership(adminId), Date.now() + 80_000)

  // Nine 503s each: still waiting to be sent, none refused.
  await vi.waitFor(
    async () => {
      const ops = await db.outbox.toArray()
      expect(ops.map((op) => op.attempts).every((attempts) => attempts >= 9)).toBe(true)
    },
    { timeout: 60_000, interval: 50 },
  )
  expect((await db.outbox.toArray()).map((op) => op.state)).toEqual(['pending', 'pending'])
  expect(await db.packages.get(pkg.id)).toMatchObject({ status: 'transito', serverStatus: 'recibido' })

  down = false
  expect(await sending).toEqual({ sent: 2, retryAt: null })
  expect(await db.outbox.count()).toBe(0)
  const { data: events } = await admin.from('package_events').select('status').eq('package_id', pkg.id).eq('status', 'transito')
  expect(events).toHaveLength(1)
  const { data: packages } = await admin.from('packages').select('id, status').eq('public_token', registered.public_token)
  expect(packages).toEqual([{ id: registered.id, status: 'recibido' }])
  expect(await db.packages.get(registered.id)).toMatchObject({ version: 1 })
})

it('a change the server keeps answering 503 to holds back no other row’s: one queued after it is sent at once', async () => {
  const client = await adminThrough((path) => (path.startsWith('/rest/v1/rpc/register_package') ? 'unavailable' : 'forward'))
  const owner = await takeOwnership(adminId)
  const pkg = await serverPackage()
  await pullAll()
  const stuck = await queueRegistration(adminId, draft())
  expect(await flushOutbox(client, owner, { force: true })).toMatchObject({ sent: 0, retryAt: expect.any(Number) })
  // As after a few more tries: its backoff now runs for a while.
  const dueAt = Date.now() + 60_000
  await db.outbox.where('packageId').equals(stuck.id).modify({ nextAttemptAt: dueAt })

  await queueStatusChanges(adminId, [pkg.id], 'aduana')
  // Not forced, as after any queued change: the registration waits for its backoff, the status change goes.
  expect(await flushOutbox(client, owner)).toEqual({ sent: 1, retryAt: dueAt })
  expect(await db.packages.get(pkg.id)).toMatchObject({ status: 'aduana', version: 2 })
  expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ packageId: stuck.id, state: 'pending', attempts: 1 })])
})
