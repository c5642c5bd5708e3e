import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, signedUpCustomer, startTestStandIn, steppedUp } from '../backend/helpers'
import { packagesOnDevice } from '../support/device-packages'
import { db, type PrealertFields } from '@/local-db/db'
import { releaseOwnership, takeOwnership, workWaitingFor } from '@/local-db/owner'
import type { PackageRow } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { readOutbox } from '@/outbox/queries'
import { queueStatusChanges } from '@/outbox/queue'
import { queuePrealertSave } from '@/outbox/queue-prealerts'
import type { Supabase } from '@/remote/client'
import { pullStream, rpcPullSource, tableStream } from '@/sync-engine/pull'
import { flushOutbox } from '@/sync-engine/push'

// A desk device shared by several people, against the stand-in: what one queued before their
// session ended is kept for them, sent only under their own session, and never shown to the next.

let standIn: StandIn
let admin: SupabaseClient
let ana: Awaited<ReturnType<typeof signedUpCustomer>>
let beto: Awaited<ReturnType<typeof signedUpCustomer>>

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await steppedUp(standIn, demoAdmin)
  ana = await signedUpCustomer(standIn.url, 'ana-desk')
  beto = await signedUpCustomer(standIn.url, 'beto-desk')
})

afterAll(async () => {
  await standIn?.close()
})

beforeEach(() => clearLocalData())

const prealert = (): PrealertFields => ({ tracking_code: `1Z${randomUUID().slice(0, 8).toUpperCase()}`, store: 'Amazon', description: 'Shoes', declared_value_usd: 40, expected_on: null })
const onServer = async (id: string) => (await admin.from('prealerts').select('id, user_id').eq('id', id)).data ?? []
/** A sign-in on the form: the read model starts clean, and the person's session takes the device. */
const signIn = async (userId: string) => {
  await releaseOwnership({ discardWork: false })
  const waiting = await workWaitingFor(userId)
  return { owner: await takeOwnership(userId, 'user'), waiting }
}
const flush = (client: SupabaseClient, owner: Awaited<ReturnType<typeof takeOwnership>>) => flushOutbox(client as unknown as Supabase, owner, { force: true })

it("A's changes queued offline survive B's sign-in, are never sent as B, and land under A's session when A signs in again", async () => {
  const { owner: anaFirst } = await signIn(ana.id)
  const anas = [await queuePrealertSave(ana.id, null, prealert()), await queuePrealertSave(ana.id, null, prealert())]
  // Ana's session ends on its own (it expired) before the device was online again.
  await releaseOwnership({ discardWork: false })

  const betoSignIn = await signIn(beto.id)
  expect(betoSignIn.waiting).toBe(0)
  expect(await readOutbox(beto.id)).toEqual([])
  expect(await db.outbox.count()).toBe(0)
  const betos = await queuePrealertSave(beto.id, null, prealert())
  expect(await flush(beto.client, betoSignIn.owner)).toMatchObject({ sent: 1 })
  expect(await onServer(betos)).toEqual([{ id: betos, user_id: beto.id }])
  for (const id of anas) expect(await onServer(id)).toEqual([])

  const anaAgain = await signIn(ana.id)
  expect(anaAgain.owner.generation).not.toBe(anaFirst.generation)
  expect(anaAgain.waiting).toBe(2)
  expect((await readOutbox(ana.id)).map((entry) => 'prealertId' in entry.op && entry.op.prealertId)).toEqual(anas)
  expect(await flush(ana.client, anaAgain.owner)).toMatchObject({ sent: 2 })
  for (const id of anas) expect(await onServer(id)).toEqual([{ id, user_id: ana.id }])
  expect(await db.outbox.count()).toBe(0)
})

it("the next person at the desk sees the packages as the server has them, not the previous admin's unsent changes", async () => {
  const { data } = await admin.from('packages').insert({ user_id: ana.id, tracking_code: `DESK-${randomUUID().slice(0, 8)}` }).select().single()
  const pkg = data as PackageRow
  const clerk = await signedUpCustomer(standIn.url, 'desk-admin')
  await admin.from('profiles').update({ role: 'admin' }).eq('id', clerk.id)
  const adminId = (await admin.auth.getUser()).data.user!.id
  const open = tableStream('packages', 'open')

  const first = await takeOwnership(adminId, 'admin')
  await pullStream(open, rpcPullSource(admin, open), first)
  await queueStatusChanges(adminId, [pkg.id], 'transito')
  await releaseOwnership({ discardWork: false })

  const { owner } = await signIn(clerk.id)
  await pullStream(open, rpcPullSource(clerk.client, open), owner)
  expect((await packagesOnDevice()).find((row) => row.id === pkg.id)).toMatchObject({ status: 'recibido', version: 1 })
  expect(await flush(clerk.client, owner)).toMatchObject({ sent: 0 })

  const again = await signIn(adminId)
  expect(again.waiting).toBe(1)
  expect(await flush(admin, again.owner)).toMatchObject({ sent: 1 })
  expect((await admin.from('packages').select('status').eq('id', pkg.id).single()).data).toEqual({ status: 'transito' })
})
