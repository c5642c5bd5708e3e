import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SUPABASE_LOCAL_ANON_KEY } from '../../supabase/local/keys'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, signedIn, signedUpCustomer, startTestStandIn } from '../backend/helpers'
import { clientLosingAnswers } from '../support/lossy-client'
import { nodeClientOptions } from '../support/node-supabase'
import { takeOwnership } from '@/local-db/owner'
import { db, type RegisterOp, type StatusOp } from '@/local-db/db'
import type { PackageRow } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { queueRegistration, queueStatusChanges } from '@/outbox/queue'
import { discard, reapply, retry } from '@/outbox/resolve'
import { pullStream, rpcPullSource, tableStream } from '@/sync-engine/pull'
import { flushOutbox } from '@/sync-engine/push'

// The outbox and the push against a running stand-in through real supabase-js: optimistic changes,
// exactly-once replays after lost answers, conflicts, refusals and their resolution.

let standIn: StandIn
let admin: SupabaseClient
let adminId: string
let customerId: string
let lockerCode: string

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await signedIn(standIn.url, demoAdmin)
  adminId = (await admin.auth.getUser()).data.user!.id
  ;({ id: customerId } = await signedUpCustomer(standIn.url, 'outbox'))
  lockerCode = ((await admin.from('lockers').select('code').eq('user_id', customerId).single()).data as { code: string }).code
})

afterAll(async () => {
  await standIn?.close()
})

beforeEach(async () => {
  await clearLocalData()
  await takeOwnership(adminId)
})

async function serverPackage(client = admin) {
  const { data, error } = await client.from('packages').insert({ user_id: customerId, tracking_code: `OUT-${randomUUID().slice(0, 8)}` }).select().single()
  if (error) throw new Error(error.message)
  return data as PackageRow
}

/** The admin's open packages, the part of the working set these changes are made on. */
const openPackages = tableStream('packages', 'open')
const pullAll = async () => pullStream(openPackages, rpcPullSource(admin, openPackages), await takeOwnership(adminId))
const flush = async (client = admin) => flushOutbox(client, await takeOwnership(adminId), { force: true })
const serverEvents = async (packageId: string) =>
  ((await admin.from('package_events').select('status, outcome, op_id').eq('package_id', packageId).order('recorded_at')).data ?? []) as { status: string; outcome: string; op_id: string }[]
const ops = () => db.outbox.orderBy('seq').toArray()

describe('status changes', () => {
  it('show at once as pending, then are recorded once and leave the outbox', async () => {
    const pkg = await serverPackage()
    await pullAll()
    expect(await queueStatusChanges(adminId, [pkg.id], 'transito')).toBe(1)
    expect(await db.packages.get(pkg.id)).toMatchObject({ status: 'transito', serverStatus: 'recibido', version: 1 })

    expect(await flush()).toEqual({ sent: 1, retryAt: null })
    expect(await ops()).toEqual([])
    const local = await db.packages.get(pkg.id)
    expect(local).toMatchObject({ status: 'transito', version: 2 })
    expect(local).not.toHaveProperty('serverStatus')
    expect(local!.events.map((event) => event.status)).toEqual(['recibido', 'transito'])
    expect((await serverEvents(pkg.id)).map((event) => event.status)).toEqual(['recibido', 'transito'])
  })

  it('three changes of one package made offline are applied in order, none taken for a conflict', async () => {
    const pkg = await serverPackage()
    await pullAll()
    for (const status of ['consolidacion', 'transito', 'aduana'] as const) await queueStatusChanges(adminId, [pkg.id], status)
    expect((await db.packages.get(pkg.id))?.status).toBe('aduana')
    expect(await flush()).toEqual({ sent: 3, retryAt: null })
    expect(await serverEvents(pkg.id)).toEqual([
      expect.objectContaining({ status: 'recibido' }),
      expect.objectContaining({ status: 'consolidacion', outcome: 'applied' }),
      expect.objectContaining({ status: 'transito', outcome: 'applied' }),
      expect.objectContaining({ status: 'aduana', outcome: 'applied' }),
    ])
    expect(await db.packages.get(pkg.id)).toMatchObject({ status: 'aduana', version: 4 })
  })

  it('a pull while a change is pending keeps it on top of the server row', async () => {
    const pkg = await serverPackage()
    await pullAll()
    await queueStatusChanges(adminId, [pkg.id], 'disponible')
    await admin.from('packages').update({ tracking_code: 'RELABELLED' }).eq('id', pkg.id)
    await pullAll()
    expect(await db.packages.get(pkg.id)).toMatchObject({ status: 'disponible', serverStatus: 'recibido', tracking_code: 'RELABELLED', version: 2 })
  })

  it('a bulk change queues one op per package and skips those already at that status', async () => {
    const packages = await Promise.all([serverPackage(), serverPackage(), serverPackage()])
    await pullAll()
    await queueStatusChanges(adminId, [packages[0]!.id], 'transito')
    expect(await queueStatusChanges(adminId, packages.map((pkg) => pkg.id), 'transito')).toBe(2)
    expect(await ops()).toHaveLength(3)
    expect(await flush()).toEqual({ sent: 3, retryAt: null })
  })

  it('replayed after lost answers, each change is still recorded exactly once', async () => {
    const packages = await Promise.all([serverPackage(), serverPackage()])
    await pullAll()
    await queueStatusChanges(adminId, packages.map((pkg) => pkg.id), 'entregado')
    const lossy = clientLosingAnswers(standIn.url, 2)
    await lossy.auth.signInWithPassword(demoAdmin)

    // Both go in one batch; its answer is lost twice after the server recorded them.
    const first = await flush(lossy)
    expect(first.sent).toBe(0)
    expect(first.retryAt).toEqual(expect.any(Number))
    expect(await ops()).toEqual([expect.objectContaining({ state: 'pending', attempts: 1 }), expect.objectContaining({ state: 'pending', attempts: 1 })])
    expect((await flush(lossy)).retryAt).toEqual(expect.any(Number))
    expect(await flush(lossy)).toEqual({ sent: 2, retryAt: null })

    for (const pkg of packages) {
      expect((await serverEvents(pkg.id)).filter((event) => event.status === 'entregado')).toHaveLength(1)
      expect(await db.packages.get(pkg.id)).toMatchObject({ status: 'entregado', version: 2 })
    }
  })

  it('with no answer at all the op waits for its backoff, keeping its place', async () => {
    const pkg = await serverPackage()
    await pullAll()
    await queueStatusChanges(adminId, [pkg.id], 'aduana')
    const unreachable = createClient('http://127.0.0.1:9', SUPABASE_LOCAL_ANON_KEY, nodeClientOptions)
    const result = await flushOutbox(unreachable, await takeOwnership(adminId))
    expect(result.sent).toBe(0)
    expect(result.retryAt).toBeGreaterThan(Date.now())
    expect(await ops()).toEqual([expect.objectContaining({ state: 'pending', attempts: 1, lastError: expect.any(String) })])
    // Not due yet, unless forced (the connection came back).
    expect(await flushOutbox(admin, await takeOwnership(adminId))).toEqual({ sent: 0, retryAt: result.retryAt })
    expect(await flush()).toEqual({ sent: 1, retryAt: null })
  })
})

describe('conflicts', () => {
  it('a change made on a version another admin moved on from waits for the admin, who re-applies it', async () => {
    const pkg = await serverPackage()
    await pullAll()
    await queueStatusChanges(adminId, [pkg.id], 'transito')
    const other = await admin.rpc('apply_package_status', { p_op_id: randomUUID(), p_package_id: pkg.id, p_status: 'aduana', p_changed_at: new Date().toISOString(), p_base_version: 1 })
    expect(other.error).toBeNull()

    expect(await flush()).toEqual({ sent: 0, retryAt: null })
    const [conflict] = (await ops()) as StatusOp[]
    expect(conflict).toMatchObject({ state: 'conflict', status: 'transito', current: { status: 'aduana', version: 2 } })
    expect(await db.packages.get(pkg.id)).toMatchObject({ status: 'aduana', version: 2 })

    await reapply(conflict!)
    expect((await db.packages.get(pkg.id))?.status).toBe('transito')
    expect(await flush()).toEqual({ sent: 1, retryAt: null })
    expect((await serverEvents(pkg.id)).map((event) => `${event.status}:${event.outcome}`)).toEqual(['recibido:applied', 'aduana:applied', 'transito:superseded', 'transito:applied'])
  })

  it('discarding a conflict leaves the package as the server has it', async () => {
    const pkg = await serverPackage()
    await pullAll()
    await queueStatusChanges(adminId, [pkg.id], 'transito')
    await admin.rpc('apply_package_status', { p_op_id: randomUUID(), p_package_id: pkg.id, p_status: 'disponible', p_changed_at: null, p_base_version: 1 })
    await flush()
    await discard((await ops())[0]!)
    expect(await ops()).toEqual([])
    expect(await db.packages.get(pkg.id)).toMatchObject({ status: 'disponible', version: 2 })
  })
})

describe('registrations', () => {
  const draft = (fields: Partial<Parameters<typeof queueRegistration>[1]> = {}) => ({
    user_id: customerId,
    locker_code: lockerCode,
    public_token: randomUUID(),
    status: 'recibido' as const,
    tracking_code: `NEW-${randomUUID().slice(0, 8)}`,
    weight_kg: 2.5,
    volume_m3: 0.01,
    meta: { store: 'Amazon' },
    ...fields,
  })

  it('a package registered offline and then moved on is created once, with its id and token, and its status applied', async () => {
    const local = await queueRegistration(adminId, draft())
    expect(local.version).toBe(0)
    await queueStatusChanges(adminId, [local.id], 'consolidacion')
    const lossy = clientLosingAnswers(standIn.url, 1)
    await lossy.auth.signInWithPassword(demoAdmin)
    await flush(lossy)
    expect(await flush(lossy)).toEqual({ sent: 2, retryAt: null })

    const { data } = await admin.from('packages').select('id, public_token, locker_code, status, version').eq('public_token', local.public_token)
    expect(data).toEqual([{ id: local.id, public_token: local.public_token, locker_code: lockerCode, status: 'consolidacion', version: 2 }])
    expect(await db.packages.get(local.id)).toMatchObject({ status: 'consolidacion', version: 2 })
    expect(await ops()).toEqual([])
  })

  it('a refused registration is kept with the server’s message, holds back the changes queued on it, and can be discarded', async () => {
    const local = await queueRegistration(adminId, draft({ weight_kg: 33 }))
    await queueStatusChanges(adminId, [local.id], 'transito')
    const other = await serverPackage()
    await pullAll()
    await queueStatusChanges(adminId, [other.id], 'aduana')

    expect(await flush()).toEqual({ sent: 1, retryAt: null })
    const [refused, waiting] = await ops()
    // The check constraint's name says it in the reader's language; the table check raises no key of ours.
    expect(refused).toMatchObject({ kind: 'register-package', state: 'failed', lastError: expect.stringContaining('packages_weight_kg_range'), lastErrorKey: { code: '23514' } })
    expect(waiting).toMatchObject({ kind: 'set-status', state: 'pending', attempts: 0 })
    expect(await db.packages.get(other.id)).toMatchObject({ status: 'aduana', version: 2 })

    await discard(refused!)
    expect(await ops()).toEqual([])
    expect(await db.packages.get(local.id)).toBeUndefined()
  })

  it('a refused op can be sent again once fixed on the server side (retry keeps its op id)', async () => {
    const local = await queueRegistration(adminId, draft({ user_id: randomUUID() }))
    await flush()
    const [refused] = await ops()
    expect(refused).toMatchObject({ state: 'failed', lastError: expect.stringContaining('not found'), lastErrorKey: { code: 'PT404', hint: 'customer_not_found' } })
    expect(JSON.parse(refused!.lastErrorKey!.details!)).toEqual({ customer: (refused as RegisterOp).package.user_id })
    const fixed: RegisterOp = { ...(refused as RegisterOp), package: { ...draft(), public_token: local.public_token } }
    await db.outbox.put(fixed)
    await retry((await ops())[0]!)
    expect(await flush()).toEqual({ sent: 1, retryAt: null })
    expect((await serverEvents(local.id)).map((event) => event.op_id)).toEqual([refused!.opId])
  })
})
