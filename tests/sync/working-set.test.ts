import 'fake-indexeddb/auto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, newClient, signedIn, startTestStandIn, uniqueEmail } from '../backend/helpers'
import { packagesOnDevice } from '../support/device-packages'
import { db } from '@/local-db/db'
import { readDirectory } from '@/local-db/directory'
import { takeOwnership, type DeviceOwner } from '@/local-db/owner'
import { readPackages } from '@/local-db/package-store'
import type { PackageRow, PulledProfile } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { keepFetched } from '@/local-db/working-set'
import { queueUpload } from '@/outbox/queue-uploads'
import type { Supabase } from '@/remote/client'
import { useSyncStatusStore, type Arriving } from '@/stores/sync-status-store'
import { flushOutbox } from '@/sync-engine/push'
import { adminPuller } from '@/sync-engine/working-set'

// An admin's device against the stand-in's demo data: the past customer (historia@example.com,
// packages delivered a year ago) is in the directory from the first sync, while their packages stay
// on the server until the desk needs them.

const adminId = 'a0000000-0000-4000-8000-000000000001'
const pastCustomer = 'c0000000-0000-4000-8000-000000000002'
const pastTracking = ['HIST2025000001', 'HIST2025000002', 'HIST2025000003']

let standIn: StandIn
let admin: SupabaseClient
let owner: DeviceOwner
let pullWorkingSet: ReturnType<typeof adminPuller>

/** One pull, as the scheduler runs it for an admin. */
const sync = () => pullWorkingSet(admin as unknown as Supabase, new AbortController().signal)

const trackingOnDevice = async () => (await packagesOnDevice()).map((pkg) => pkg.tracking_code)

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await signedIn(standIn.url, demoAdmin)
  await clearLocalData()
  owner = await takeOwnership(adminId)
  pullWorkingSet = adminPuller(owner)
})

afterAll(async () => {
  await standIn?.close()
})

it('the first sync comes in two stages with their progress: the directory and the open work, then what closed lately', async () => {
  const seen: Arriving[] = []
  const stop = useSyncStatusStore.subscribe((state) => {
    if (state.arriving) seen.push(state.arriving)
  })
  await sync()
  stop()
  expect(useSyncStatusStore.getState().arriving).toBeNull()
  const desk = seen.filter((step) => step.stage === 'desk')
  const recent = seen.filter((step) => step.stage === 'recent')
  expect(desk.length).toBeGreaterThan(0)
  expect(recent.length).toBeGreaterThan(0)
  // Every step of the desk's stage comes before the first of the last 30 days'.
  expect(seen.findIndex((step) => step.stage === 'recent')).toBeGreaterThan(seen.findLastIndex((step) => step.stage === 'desk'))
  // Once the server has said how much, what arrived reaches it.
  const deskDone = desk.at(-1)!
  expect(deskDone.total).not.toBeNull()
  expect(deskDone.received).toBe(deskDone.total)
  for (const state of await db.syncState.toArray()) expect(state.syncedAt, state.key).not.toBeNull()
})

it('the directory holds every customer, the past one too; the device holds no full profile but the staff’s (the admin’s and the clerk’s)', async () => {
  const directory = await readDirectory()
  expect(directory.get(pastCustomer)).toMatchObject({ email: 'historia@example.com', locker_code: expect.stringMatching(/^MIA\d{6}$/) })
  expect(directory.exact('cliente@example.com')).not.toBeNull()
  expect((await db.profiles.toArray()).map((profile) => profile.role as string).sort()).toEqual(['admin', 'clerk'])
})

it('the open packages and those closed lately are on the device; a year-old history is not', async () => {
  const tracking = await trackingOnDevice()
  expect(tracking).toContain('1Z999AA10123456784')
  for (const code of pastTracking) expect(tracking).not.toContain(code)
})

it('a customer who signs up elsewhere is in the directory after the next pull, without progress (nothing started from scratch)', async () => {
  const email = uniqueEmail('newcomer')
  const { error } = await newClient(standIn.url).auth.signUp({ email, password: 'secret-pass-1', options: { data: { full_name: 'Núria Nueva' } } })
  expect(error).toBeNull()
  const arriving: (Arriving | null)[] = []
  const stop = useSyncStatusStore.subscribe((state) => arriving.push(state.arriving))
  await sync()
  stop()
  expect(arriving.filter(Boolean)).toEqual([])
  const directory = await readDirectory()
  expect(directory.search('nuria nue').map((customer) => customer.email)).toEqual([email])
})

it('a package that closes moves from the open part to the closed part, and shows closed', async () => {
  const { data: pkg, error } = await admin.from('packages').insert({ user_id: pastCustomer, tracking_code: 'BACKAGAIN0001', status: 'disponible' }).select('id').single()
  expect(error).toBeNull()
  await sync()
  expect((await readPackages([pkg!.id]))[0]).toMatchObject({ status: 'disponible' })
  const { error: closeError } = await admin.rpc('apply_package_status', { p_op_id: crypto.randomUUID(), p_package_id: pkg!.id, p_status: 'entregado', p_changed_at: new Date().toISOString(), p_base_version: 1 })
  expect(closeError).toBeNull()
  await sync()
  expect((await readPackages([pkg!.id]))[0]).toMatchObject({ status: 'entregado' })
})

it('a photo of a delivered package replaces its copy kept many to a record: the device holds it once, before the next pull and after', async () => {
  const { data: pkg, error } = await admin.from('packages').insert({ user_id: pastCustomer, tracking_code: 'PHOTOGRAPHED01', status: 'disponible' }).select('id').single()
  expect(error).toBeNull()
  const { error: closeError } = await admin.rpc('apply_package_status', { p_op_id: crypto.randomUUID(), p_package_id: pkg!.id, p_status: 'entregado', p_changed_at: new Date().toISOString(), p_base_version: 1 })
  expect(closeError).toBeNull()
  await sync()
  const copies = async () => (await packagesOnDevice()).filter((held) => held.id === pkg!.id)
  expect(await copies()).toEqual([expect.objectContaining({ status: 'entregado', meta: null })])

  const jpeg = { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xd9]).buffer, contentType: 'image/jpeg', name: 'photo.jpg' }
  const photo = await queueUpload(adminId, { target: 'package-photo', packageId: pkg!.id }, jpeg)
  expect(await flushOutbox(admin as unknown as Supabase, owner, { force: true })).toEqual({ sent: 1, retryAt: null })
  expect(await copies()).toEqual([expect.objectContaining({ status: 'entregado', meta: { photos: [photo.path] } })])
  await sync()
  expect(await copies()).toEqual([expect.objectContaining({ status: 'entregado', meta: { photos: [photo.path] } })])
})

it('the history search finds the old packages; opening them keeps them, with their history, through the next syncs', async () => {
  const { data, error } = await admin.rpc('search_history', { p_query: 'hist2025', p_limit: 50 })
  expect(error).toBeNull()
  const found = data as { packages: PackageRow[]; profiles: PulledProfile[]; has_more: boolean }
  expect(found.packages.map((pkg) => pkg.tracking_code).sort()).toEqual(pastTracking)
  expect(found.packages.every((pkg) => pkg.status === 'entregado' && pkg.events.map((event) => event.status).join() === 'recibido,transito,entregado')).toBe(true)
  await keepFetched(owner, { packages: found.packages, opened: found.packages.map((pkg) => pkg.id) })
  await sync()
  expect(await trackingOnDevice()).toEqual(expect.arrayContaining(pastTracking))
})
