import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFaultProxy, type FaultProxy } from '../../scripts/bench/fault-proxy'
import { startSlowLink } from '../../scripts/bench/slow-link'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, signedIn, signedUpCustomer, startTestStandIn } from '../backend/helpers'
import { db, type UploadOp } from '@/local-db/db'
import { releaseOwnership, takeOwnership } from '@/local-db/owner'
import type { PackageRow, PrealertRow } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { queueRegistration, queueStatusChanges } from '@/outbox/queue'
import { queuePrealertSave } from '@/outbox/queue-prealerts'
import { queueUpload } from '@/outbox/queue-uploads'
import { discard } from '@/outbox/resolve'
import { useUploadProgressStore } from '@/stores/upload-progress-store'
import { flushOutbox } from '@/sync-engine/push'

// Files through the outbox against a running stand-in with real supabase-js and tus-js-client: a
// photo of a package registered offline goes after its registration and does not turn later
// changes into conflicts; lost answers (of the upload and of the listing) store and list it once; a
// drop mid-upload and a send cut off (a reload, a killed tab) go on from the offset the server has;
// a customer's invoice on a prealert made offline and their profile photo; a refusal keeps the file
// until discarded; a file's bytes never outlive its op; the service worker leaves files to a page.

let standIn: StandIn
let admin: SupabaseClient
let adminId: string
let customer: SupabaseClient
let customerId: string
let lockerCode: string

const jpeg = () => ({ bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...randomUUID().split('').map((c) => c.charCodeAt(0)), 0xff, 0xd9]).buffer, contentType: 'image/jpeg', name: 'photo.jpg' })
const pdf = () => ({ bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n').buffer, contentType: 'application/pdf', name: 'factura.pdf' })
const ops = () => db.outbox.orderBy('seq').toArray()
/** A photo-sized file (incompressible, as a JPEG is). */
const bigJpeg = (size: number) => ({ bytes: Uint8Array.from({ length: size }, () => Math.floor(Math.random() * 256)).buffer, contentType: 'image/jpeg', name: 'big.jpg' })

async function listedPhotos(packageId: string) {
  const { data } = await admin.from('packages').select('meta').eq('id', packageId).single()
  return ((data as Pick<PackageRow, 'meta'>).meta?.photos ?? []) as string[]
}

async function storedNames(packageId: string) {
  const { data } = await admin.storage.from('package-photos').list(packageId)
  return (data ?? []).map((object) => object.name)
}

async function until(done: () => Promise<boolean> | boolean) {
  await expect.poll(done, { timeout: 20_000, interval: 20 }).toBe(true)
}

/** Answers lost after the server handled the request: the first completing part of an upload, and the first listing. */
async function proxyLosingFirstAnswers(): Promise<FaultProxy> {
  const proxy = await startFaultProxy(0, standIn.url)
  const lost = new Set<string>()
  proxy.lossRate = 1
  proxy.matches = (method, path) => {
    const kind = method === 'PATCH' && path.startsWith('/storage/v1/upload/resumable/') ? 'upload' : path.startsWith('/rest/v1/rpc/add_package_photo') ? 'rpc' : null
    if (!kind || lost.has(kind)) return false
    lost.add(kind)
    return true
  }
  return proxy
}

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await signedIn(standIn.url, demoAdmin)
  adminId = (await admin.auth.getUser()).data.user!.id
  ;({ id: customerId, client: customer } = await signedUpCustomer(standIn.url, 'uploads'))
  lockerCode = ((await admin.from('lockers').select('code').eq('user_id', customerId).single()).data as { code: string }).code
})

afterAll(async () => {
  await standIn?.close()
})

beforeEach(async () => {
  await clearLocalData()
})

async function registerOffline() {
  const tracking = `UP-${randomUUID().slice(0, 8)}`
  return queueRegistration(adminId, { user_id: customerId, locker_code: lockerCode, public_token: randomUUID(), status: 'recibido', tracking_code: tracking, weight_kg: 1, volume_m3: null, meta: null })
}

describe('package photos', () => {
  it('a photo of a package registered offline goes after the registration, and a later status change still applies', async () => {
    await takeOwnership(adminId)
    const pkg = await registerOffline()
    const photo = await queueUpload(adminId, { target: 'package-photo', packageId: pkg.id }, jpeg())
    await queueStatusChanges(adminId, [pkg.id], 'consolidacion')

    expect(await flushOutbox(admin, await takeOwnership(adminId), { force: true })).toEqual({ sent: 3, retryAt: null })
    expect(await ops()).toEqual([])
    expect(await db.uploads.count()).toBe(0)
    const { data: server } = await admin.from('packages').select('status, meta').eq('id', pkg.id).single()
    expect(server).toEqual({ status: 'consolidacion', meta: { photos: [photo.path] } })
    expect(await db.packages.get(pkg.id)).toMatchObject({ status: 'consolidacion', meta: { photos: [photo.path] } })
    // Kept as seen: the desk shows it offline without downloading it again.
    expect(await db.seenFiles.get(`package-photos/${photo.path}`)).toMatchObject({ contentType: 'image/jpeg' })
  })

  it('answers lost after the upload and after the listing: stored once, listed once', async () => {
    const { data: pkg } = await admin.from('packages').insert({ user_id: customerId, tracking_code: `LOST-${randomUUID().slice(0, 8)}` }).select().single()
    await takeOwnership(adminId)
    const photo = await queueUpload(adminId, { target: 'package-photo', packageId: (pkg as PackageRow).id }, jpeg())
    const proxy = await proxyLosingFirstAnswers()
    const lossy = await signedIn(proxy.url, demoAdmin)

    for (let tries = 0; tries < 3 && (await ops()).length > 0; tries++) await flushOutbox(lossy, await takeOwnership(adminId), { force: true })
    await proxy.close()
    expect(proxy.lost).toBe(2)
    expect(await ops()).toEqual([])
    const { data: server } = await admin.from('packages').select('meta').eq('id', (pkg as PackageRow).id).single()
    expect(server).toEqual({ meta: { photos: [photo.path] } })
    const { data: stored } = await admin.storage.from('package-photos').list((pkg as PackageRow).id)
    expect(stored?.map((object) => object.name)).toEqual([photo.path.split('/')[1]])
  })
})

describe('a file sent over a link that drops', () => {
  it('a drop mid-upload goes on from the offset the server has: the file crosses the link about once, and is stored and listed once', async () => {
    const { data: pkg } = await admin.from('packages').insert({ user_id: customerId, tracking_code: `DROP-${randomUUID().slice(0, 8)}` }).select().single()
    const packageId = (pkg as PackageRow).id
    await takeOwnership(adminId)
    const size = 400_000
    const photo = await queueUpload(adminId, { target: 'package-photo', packageId }, bigJpeg(size))
    const link = await startSlowLink(0, standIn.url, { bytesPerSecond: 400_000, latencyMs: 20 })
    const client = await signedIn(link.url, demoAdmin)
    const sentBefore = link.bytesUp

    const flushed = flushOutbox(client, await takeOwnership(adminId), { force: true })
    await until(() => link.bytesUp - sentBefore > size / 2)
    link.drop(500)
    // tus-js-client tries again at once (refused: the link is down), then after a second, from the server's offset.
    for (let tries = 0; tries < 3 && (await flushed, (await ops()).length > 0); tries++) await flushOutbox(client, await takeOwnership(adminId), { force: true })
    const onTheWire = link.bytesUp - sentBefore
    await link.close()

    expect(await ops()).toEqual([])
    expect(await listedPhotos(packageId)).toEqual([photo.path])
    expect(await storedNames(packageId)).toEqual([photo.path.split('/')[1]])
    expect(onTheWire).toBeGreaterThan(size)
    expect(onTheWire).toBeLessThan(1.3 * size)
  })

  it('its URL is kept with its bytes: a send cut off (a reload, a killed tab) goes on from the offset the server has, not the first byte', async () => {
    const { data: pkg } = await admin.from('packages').insert({ user_id: customerId, tracking_code: `CUT-${randomUUID().slice(0, 8)}` }).select().single()
    const packageId = (pkg as PackageRow).id
    await takeOwnership(adminId)
    const size = 300_000
    const photo = await queueUpload(adminId, { target: 'package-photo', packageId }, bigJpeg(size))
    const link = await startSlowLink(0, standIn.url, { bytesPerSecond: 300_000, latencyMs: 20 })
    const client = await signedIn(link.url, demoAdmin)

    const sentBefore = link.bytesUp
    const cut = new AbortController()
    const first = flushOutbox(client, await takeOwnership(adminId), { force: true, signal: cut.signal })
    await until(async () => (await db.uploads.get(photo.opId))?.uploadUrl !== undefined)
    await until(() => (useUploadProgressStore.getState()[photo.opId]?.sent ?? 0) > size / 3)
    cut.abort()
    await first
    expect(await ops()).toHaveLength(1)

    expect(await flushOutbox(client, await takeOwnership(adminId), { force: true })).toEqual({ sent: 1, retryAt: null })
    const onTheWire = link.bytesUp - sentBefore
    await link.close()
    // The file about once, plus requests' headers and the first bytes of parts refused while the
    // server still took the cut-off one's last bytes: sent again from the first byte, it would be
    // over size × 4/3.
    expect(onTheWire).toBeGreaterThan(size)
    expect(onTheWire).toBeLessThan(size + 40_000)
    expect(await listedPhotos(packageId)).toEqual([photo.path])
    expect(await storedNames(packageId)).toEqual([photo.path.split('/')[1]])
  })
})

describe('queued bytes go with their op', () => {
  it('a session that ended on its own keeps its queued files’ bytes; another person’s sign-in sets them aside, signing out takes only the signed-out person’s', async () => {
    await takeOwnership(customerId)
    const kept = await queueUpload(customerId, { target: 'avatar' }, jpeg())
    await releaseOwnership({ discardWork: false })
    expect(await db.uploads.get(kept.opId)).toBeDefined()

    await takeOwnership(adminId)
    expect(await ops()).toEqual([])
    const photo = await queueUpload(adminId, { target: 'package-photo', packageId: randomUUID() }, jpeg())
    await releaseOwnership({ discardWork: true })
    expect(await db.uploads.get(photo.opId)).toBeUndefined()
    expect(await db.uploads.get(kept.opId)).toBeDefined()

    await takeOwnership(customerId)
    expect((await ops()).map((op) => op.opId)).toEqual([kept.opId])
  })

  it('discarding a registration, a prealert or a shipment request takes the files queued on it, bytes and all', async () => {
    await takeOwnership(adminId)
    const pkg = await registerOffline()
    await queueUpload(adminId, { target: 'package-photo', packageId: pkg.id }, jpeg())
    await discard((await ops()).find((op) => op.kind === 'register-package')!)
    expect(await ops()).toEqual([])
    expect(await db.uploads.count()).toBe(0)

    await takeOwnership(customerId)
    const prealertId = await queuePrealertSave(customerId, null, { tracking_code: `GONE${randomUUID().slice(0, 8)}`.toUpperCase(), store: 'Amazon', description: 'Shoes', declared_value_usd: 40, expected_on: null })
    await queueUpload(customerId, { target: 'prealert-document', prealertId }, pdf())
    await discard((await ops()).find((op) => op.kind === 'save-prealert')!)
    expect(await ops()).toEqual([])
    expect(await db.uploads.count()).toBe(0)
  })
})

describe('the service worker', () => {
  it('sends what it can and leaves files, and what waits behind them on their row, to a page', async () => {
    await takeOwnership(adminId)
    const pkg = await registerOffline()
    const other = await registerOffline()
    await queueUpload(adminId, { target: 'package-photo', packageId: pkg.id }, jpeg())
    await queueStatusChanges(adminId, [pkg.id, other.id], 'consolidacion')

    expect(await flushOutbox(admin, await takeOwnership(adminId), { force: true, files: false })).toEqual({ sent: 3, retryAt: null })
    expect((await ops()).map((op) => op.kind)).toEqual(['upload-file', 'set-status'])
    expect(await flushOutbox(admin, await takeOwnership(adminId), { force: true })).toEqual({ sent: 2, retryAt: null })
  })
})

describe("a customer's files", () => {
  it('an invoice on a prealert made offline goes after the prealert; a profile photo is set', async () => {
    await takeOwnership(customerId)
    const prealertId = await queuePrealertSave(customerId, null, { tracking_code: `DOC${randomUUID().slice(0, 8)}`.toUpperCase(), store: 'Amazon', description: 'Shoes', declared_value_usd: 40, expected_on: null })
    const invoice = await queueUpload(customerId, { target: 'prealert-document', prealertId }, pdf())
    const avatar = await queueUpload(customerId, { target: 'avatar' }, jpeg())

    expect(await flushOutbox(customer, await takeOwnership(customerId), { force: true })).toEqual({ sent: 3, retryAt: null })
    const { data: prealert } = await customer.from('prealerts').select('documents').eq('id', prealertId).single()
    expect((prealert as Pick<PrealertRow, 'documents'>).documents).toEqual([expect.objectContaining({ path: invoice.path, name: 'factura.pdf', type: 'application/pdf' })])
    expect((await db.prealerts.get(prealertId))?.documents).toHaveLength(1)
    expect((await db.profiles.get(customerId))?.avatar_path).toBe(avatar.path)
    expect(invoice.path).toMatch(new RegExp(`^${customerId}/[0-9a-f-]{36}\\.pdf$`))
  })

  it('a file Storage refuses is kept with the reason until discarded, and goes with its bytes', async () => {
    await takeOwnership(customerId)
    const prealertId = await queuePrealertSave(customerId, null, { tracking_code: `TXT${randomUUID().slice(0, 8)}`.toUpperCase(), store: 'Amazon', description: 'Shoes', declared_value_usd: 40, expected_on: null })
    await queueUpload(customerId, { target: 'prealert-document', prealertId }, { bytes: new TextEncoder().encode('hello').buffer, contentType: 'text/plain', name: 'notes.txt' })

    await flushOutbox(customer, await takeOwnership(customerId), { force: true })
    const [refused] = (await ops()) as UploadOp[]
    expect(refused).toMatchObject({ kind: 'upload-file', state: 'failed', lastError: expect.stringMatching(/mime type text\/plain is not supported/) })
    expect(await db.uploads.get(refused!.opId)).toBeDefined()
    await discard(refused!)
    expect(await ops()).toEqual([])
    expect(await db.uploads.count()).toBe(0)
  })
})
