import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SUPABASE_LOCAL_ANON_KEY } from '../../supabase/local/keys'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, newClient, signedIn, startTestStandIn, uniqueEmail } from '../backend/helpers'
import { nodeClientOptions } from '../support/node-supabase'
import { db, type UploadOp } from '@/local-db/db'
import { takeOwnership } from '@/local-db/owner'
import type { PackageRow, PrealertRow } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { queueRegistration, queueStatusChanges } from '@/outbox/queue'
import { queuePrealertSave } from '@/outbox/queue-prealerts'
import { queueUpload } from '@/outbox/queue-uploads'
import { discard } from '@/outbox/resolve'
import { flushOutbox } from '@/sync-engine/push'

// Files through the outbox against a running stand-in with real supabase-js: a photo of a package
// registered offline goes after its registration and does not turn later changes into conflicts;
// lost answers (of the upload and of the listing) store and list it once; a customer's invoice on
// a prealert made offline and their profile photo; a refusal keeps the file until discarded.

let standIn: StandIn
let admin: SupabaseClient
let adminId: string
let customer: SupabaseClient
let customerId: string
let lockerCode: string

const jpeg = () => ({ bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...randomUUID().split('').map((c) => c.charCodeAt(0)), 0xff, 0xd9]).buffer, contentType: 'image/jpeg', name: 'photo.jpg' })
const pdf = () => ({ bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n').buffer, contentType: 'application/pdf', name: 'factura.pdf' })
const ops = () => db.outbox.orderBy('seq').toArray()

/** A client whose first answer from Storage and first from an RPC are lost after the server handled them. */
function clientLosingFirstAnswers(): SupabaseClient {
  const lost = new Set<string>()
  const lossy: typeof fetch = async (input, init) => {
    const response = await fetch(input, init)
    const kind = String(input).includes('/storage/v1/object/') ? 'storage' : String(input).includes('/rpc/') ? 'rpc' : null
    if (kind && !lost.has(kind)) {
      lost.add(kind)
      throw new TypeError('the connection dropped before the answer arrived')
    }
    return response
  }
  return createClient(standIn.url, SUPABASE_LOCAL_ANON_KEY, { ...nodeClientOptions, global: { fetch: lossy } })
}

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await signedIn(standIn.url, demoAdmin)
  adminId = (await admin.auth.getUser()).data.user!.id
  const credentials = { email: uniqueEmail('uploads'), password: 'secret-123' }
  const signup = await newClient(standIn.url).auth.signUp(credentials)
  if (signup.error) throw signup.error
  customerId = signup.data.user!.id
  customer = await signedIn(standIn.url, credentials)
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
    const lossy = clientLosingFirstAnswers()
    await lossy.auth.signInWithPassword(demoAdmin)

    for (let tries = 0; tries < 3 && (await ops()).length > 0; tries++) await flushOutbox(lossy, await takeOwnership(adminId), { force: true })
    expect(await ops()).toEqual([])
    const { data: server } = await admin.from('packages').select('meta').eq('id', (pkg as PackageRow).id).single()
    expect(server).toEqual({ meta: { photos: [photo.path] } })
    const { data: stored } = await admin.storage.from('package-photos').list((pkg as PackageRow).id)
    expect(stored?.map((object) => object.name)).toEqual([photo.path.split('/')[1]])
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
