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
import { queueUpload } from '@/outbox/queue-uploads'
import { pullStream, rpcPullSource, tableStream } from '@/sync-engine/pull'
import { flushOutbox, flushUntil } from '@/sync-engine/push'

// The outbox against a real gateway in front of the stand-in that answers 503 for a while, as one
// does while the backend restarts: changes wait, however many tries it takes (the service worker's
// way of sending is used, which waits out each backoff itself), never turn into refusals, and land
// exactly once when the backend is back, even when the first answer after it is lost. A change the
// server keeps answering 503 to holds back no other row's, nor does an upload the gateway holds
// open: each answer is recorded as it lands. A token the server no longer takes is refreshed once.

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
async function adminThrough(decide: (path: string, method: string) => GatewayAnswer | Promise<GatewayAnswer>) {
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

it('an upload held open holds back no other change: the answers that land are recorded, and a change queued meanwhile goes at once', async () => {
  let releaseUpload!: () => void
  const held = new Promise<GatewayAnswer>((resolve) => (releaseUpload = () => resolve('forward')))
  let uploadsBegun = 0
  // The resumable upload's first request (its parts go straight to Storage, at the URL it gives).
  const client = await adminThrough((path, method) => {
    if (method !== 'POST' || !path.startsWith('/storage/v1/upload/resumable')) return 'forward'
    uploadsBegun++
    return held
  })
  const owner = await takeOwnership(adminId)
  const [photographed, moved] = await Promise.all([serverPackage(), serverPackage()])
  await pullAll()
  const photo = await queueUpload(adminId, { target: 'package-photo', packageId: photographed.id }, { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]).buffer, contentType: 'image/jpeg', name: 'photo.jpg' })
  await queueStatusChanges(adminId, [moved.id], 'transito')
  const opsOn = (packageId: string) => db.outbox.where('packageId').equals(packageId).count()
  const flushed = flushOutbox(client, owner, { force: true })
  try {
    // Sent with the photo, recorded while its upload waits.
    await vi.waitFor(async () => expect(uploadsBegun > 0 && (await opsOn(moved.id)) === 0).toBe(true), { timeout: 15_000, interval: 20 })
    expect(await db.packages.get(moved.id)).toMatchObject({ status: 'transito', version: 2 })
    // Queued while the upload still waits: sent and recorded before it ends.
    await queueStatusChanges(adminId, [moved.id], 'aduana')
    await vi.waitFor(async () => expect(await opsOn(moved.id)).toBe(0), { timeout: 15_000, interval: 20 })
    expect(await db.packages.get(moved.id)).toMatchObject({ status: 'aduana', version: 3 })
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ opId: photo.opId, state: 'pending', attempts: 0 })])
    expect(uploadsBegun).toBe(1)
  } finally {
    releaseUpload()
    // Ended before the next test, whatever happened here.
    await flushed.catch(() => undefined)
  }
  expect(await flushed).toEqual({ sent: 3, retryAt: null })
  expect(await db.outbox.count()).toBe(0)
  const { data } = await admin.from('packages').select('meta').eq('id', photographed.id).single()
  expect(data).toEqual({ meta: { photos: [photo.path] } })
})

it('a change answered 503 while an upload is held open goes again once its backoff is over, without waiting for the upload', async () => {
  let releaseUpload!: () => void
  const held = new Promise<GatewayAnswer>((resolve) => (releaseUpload = () => resolve('forward')))
  let batches = 0
  const client = await adminThrough((path, method) => {
    if (method === 'POST' && path.startsWith('/storage/v1/upload/resumable')) return held
    if (!path.startsWith('/rest/v1/rpc/apply_package_statuses')) return 'forward'
    return ++batches === 1 ? 'unavailable' : 'forward'
  })
  const owner = await takeOwnership(adminId)
  const [photographed, moved] = await Promise.all([serverPackage(), serverPackage()])
  await pullAll()
  await queueUpload(adminId, { target: 'package-photo', packageId: photographed.id }, { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]).buffer, contentType: 'image/jpeg', name: 'photo.jpg' })
  await queueStatusChanges(adminId, [moved.id], 'transito')
  const flushed = flushOutbox(client, owner, { force: true })
  try {
    await vi.waitFor(async () => expect(await db.outbox.where('packageId').equals(moved.id).count()).toBe(0), { timeout: 15_000, interval: 20 })
    expect(batches).toBe(2)
    expect(await db.packages.get(moved.id)).toMatchObject({ status: 'transito', version: 2 })
  } finally {
    releaseUpload()
    await flushed.catch(() => undefined)
  }
  expect(await flushed).toEqual({ sent: 2, retryAt: null })
})

it('no answer ends the flush: nothing more is sent, and what is on its way is recorded as it lands', async () => {
  let releaseBatch!: () => void
  const held = new Promise<GatewayAnswer>((resolve) => (releaseBatch = () => resolve('forward')))
  let batches = 0
  const client = await adminThrough((path) => {
    if (path.startsWith('/rest/v1/rpc/register_package')) return 'no-answer'
    if (!path.startsWith('/rest/v1/rpc/apply_package_statuses')) return 'forward'
    batches++
    return held
  })
  const owner = await takeOwnership(adminId)
  const [moved, later] = await Promise.all([serverPackage(), serverPackage()])
  await pullAll()
  await queueStatusChanges(adminId, [moved.id], 'transito')
  const unanswered = await queueRegistration(adminId, draft())
  const flushed = flushOutbox(client, owner, { force: true })
  try {
    await vi.waitFor(async () => expect(await db.outbox.where('packageId').equals(unanswered.id).first()).toMatchObject({ state: 'pending', attempts: 1 }), { timeout: 15_000, interval: 20 })
    // Queued once the flush is ending: left for the next one.
    await queueStatusChanges(adminId, [later.id], 'aduana')
  } finally {
    releaseBatch()
    await flushed.catch(() => undefined)
  }
  expect(await flushed).toEqual({ sent: 1, retryAt: expect.any(Number) })
  expect(batches).toBe(1)
  expect(await db.packages.get(moved.id)).toMatchObject({ status: 'transito', version: 2 })
  expect(await db.outbox.orderBy('seq').toArray()).toEqual([
    expect.objectContaining({ packageId: unanswered.id, attempts: 1 }),
    expect.objectContaining({ packageId: later.id, attempts: 0 }),
  ])
})

it('a token the server no longer takes: the session is refreshed once, and what it turned back is sent again, even an answer that lands after the refresh', async () => {
  let refreshes = 0
  let refreshAsked!: () => void
  const refreshing = new Promise<void>((resolve) => (refreshAsked = resolve))
  const turnedBack = new Set<string>()
  const client = await adminThrough(async (path) => {
    if (path.startsWith('/auth/v1/token?grant_type=refresh_token')) {
      refreshes++
      refreshAsked()
      return 'forward'
    }
    const rpc = path.split('?')[0]!
    if (!isChange(path) || turnedBack.has(rpc)) return 'forward'
    turnedBack.add(rpc)
    // The registration, sent with the status change, is turned back only once the refresh is under way.
    if (rpc.endsWith('register_package')) await refreshing
    return 'revoked-token'
  })
  const owner = await takeOwnership(adminId)
  const pkg = await serverPackage()
  await pullAll()
  await queueStatusChanges(adminId, [pkg.id], 'transito')
  const registered = await queueRegistration(adminId, draft())

  expect(await flushOutbox(client, owner, { force: true })).toEqual({ sent: 2, retryAt: null })
  expect(refreshes).toBe(1)
  expect(turnedBack.size).toBe(2)
  expect(await db.outbox.count()).toBe(0)
  expect(await db.packages.get(pkg.id)).toMatchObject({ status: 'transito', version: 2 })
  expect(await db.packages.get(registered.id)).toMatchObject({ version: 1 })
})
