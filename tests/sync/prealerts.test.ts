import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, signedIn, signedUpCustomer, startTestStandIn } from '../backend/helpers'
import { clientLosingAnswers } from '../support/lossy-client'
import { takeOwnership } from '@/local-db/owner'
import { db, type PrealertFields } from '@/local-db/db'
import { withPendingPrealertOps } from '@/local-db/prealert-overlay'
import type { PackageRow, PrealertRow } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { queuePrealertCancel, queuePrealertSave } from '@/outbox/queue-prealerts'
import { discard, retry } from '@/outbox/resolve'
import { prealertStream, pullStream, rpcPullSource } from '@/sync-engine/pull'
import { flushOutbox } from '@/sync-engine/push'

// A customer's prealerts through the outbox against a running stand-in: made offline, sent once
// (even when an answer is lost), edited and cancelled in order, refused with the server's message,
// and received when the warehouse registers the tracking number.

let password: string
let standIn: StandIn
let admin: SupabaseClient
let customer: SupabaseClient
let customerId: string
let email: string

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await signedIn(standIn.url, demoAdmin)
  ;({ id: customerId, email, password, client: customer } = await signedUpCustomer(standIn.url, 'prealerts'))
})

afterAll(async () => {
  await standIn?.close()
})

beforeEach(async () => {
  await clearLocalData()
  await takeOwnership(customerId)
})

const fields = (changes: Partial<PrealertFields> = {}): PrealertFields => ({
  tracking_code: `1Z${randomUUID().slice(0, 8).toUpperCase()}`,
  store: 'Amazon',
  description: 'Headphones',
  declared_value_usd: 59.9,
  expected_on: '2026-12-01',
  ...changes,
})

const flush = async (client = customer) => flushOutbox(client, await takeOwnership(customerId), { force: true })
const pull = async () => pullStream(prealertStream, rpcPullSource(customer, prealertStream), await takeOwnership(customerId))
const shown = async () => withPendingPrealertOps(await db.prealerts.toArray(), (await db.outbox.toArray()).filter((op) => op.kind === 'save-prealert' || op.kind === 'cancel-prealert'), customerId)
const onServer = async (id: string) => ((await admin.from('prealerts').select('*').eq('id', id)).data ?? []) as PrealertRow[]

describe('prealerts through the outbox', () => {
  it('show at once while offline, then are recorded once and replaced by the server row', async () => {
    const typed = fields({ tracking_code: '1z 999 aa1 0123456784' })
    const id = await queuePrealertSave(customerId, null, typed)
    expect(await shown()).toEqual([expect.objectContaining({ id, version: 0, state: 'announced', pendingOps: 1, refused: null })])

    expect(await flush()).toEqual({ sent: 1, retryAt: null })
    expect(await db.outbox.count()).toBe(0)
    expect(await db.prealerts.get(id)).toMatchObject({ id, version: 1, state: 'announced', tracking_code: '1Z999AA10123456784', user_id: customerId })
    expect(await onServer(id)).toHaveLength(1)
  })

  it('are created once when the answer is lost and the save is sent again', async () => {
    const id = await queuePrealertSave(customerId, null, fields())
    const lossy = clientLosingAnswers(standIn.url, 1)
    await lossy.auth.signInWithPassword({ email, password })

    const first = await flush(lossy)
    expect(first).toMatchObject({ sent: 0, retryAt: expect.any(Number) })
    expect(await db.outbox.count()).toBe(1)
    expect(await flush(lossy)).toEqual({ sent: 1, retryAt: null })
    expect(await onServer(id)).toEqual([expect.objectContaining({ id, version: 1 })])
  })

  it('are edited and cancelled in the order the customer did it, each change once', async () => {
    const id = await queuePrealertSave(customerId, null, fields())
    await queuePrealertSave(customerId, id, fields({ store: 'Best Buy', description: 'A laptop' }))
    await queuePrealertCancel(customerId, id)
    expect((await shown())[0]).toMatchObject({ store: 'Best Buy', state: 'cancelled', pendingOps: 3 })

    expect(await flush()).toEqual({ sent: 3, retryAt: null })
    expect(await onServer(id)).toEqual([expect.objectContaining({ store: 'Best Buy', description: 'A laptop', state: 'cancelled', version: 3 })])
  })

  it('keep a refused change with the server message until it is sent again or dropped', async () => {
    const taken = fields()
    await queuePrealertSave(customerId, null, taken)
    await flush()
    const second = await queuePrealertSave(customerId, null, { ...taken, description: 'The same parcel again' })

    expect(await flush()).toEqual({ sent: 0, retryAt: null })
    const refused = (await shown()).find((prealert) => prealert.id === second)
    expect(refused).toMatchObject({ version: 0, pendingOps: 0, refused: expect.objectContaining({ state: 'failed', lastError: 'A package with this tracking number is already announced' }) })

    // Sent again unchanged, it is refused again; dropped, a prealert the server never had is gone.
    await retry(refused!.refused!)
    await flush()
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'failed' })
    await discard(refused!.refused!)
    expect(await db.outbox.count()).toBe(0)
    expect((await shown()).map((prealert) => prealert.id)).not.toContain(second)
    expect(await onServer(second)).toEqual([])
  })

  it('turn received, linked to the package, when the warehouse registers the tracking number', async () => {
    const typed = fields({ description: 'Running shoes', declared_value_usd: 120 })
    const id = await queuePrealertSave(customerId, null, typed)
    await flush()

    const { data, error } = await admin.rpc('register_package', {
      p_op_id: randomUUID(),
      p_package_id: randomUUID(),
      p_user_id: customerId,
      p_public_token: randomUUID(),
      p_status: 'recibido',
      p_tracking_code: typed.tracking_code.toLowerCase(),
      p_weight_kg: 1.2,
      p_volume_m3: null,
      p_meta: null,
    })
    if (error) throw new Error(error.message)
    const pkg = (data as { package: PackageRow }).package
    expect(pkg.meta).toMatchObject({ prealert_id: id, store: 'Amazon', description: 'Running shoes', declared_value_usd: 120 })

    await pull()
    expect(await db.prealerts.get(id)).toMatchObject({ state: 'received', package_id: pkg.id })
  })
})
