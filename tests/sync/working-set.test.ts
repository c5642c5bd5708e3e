import 'fake-indexeddb/auto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { signedIn, startTestStandIn } from '../backend/helpers'
import { db } from '@/local-db/db'
import { takeOwnership, type DeviceOwner } from '@/local-db/owner'
import type { PackageRow, PulledProfile } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { keepFetched } from '@/local-db/working-set'
import type { Supabase } from '@/remote/client'
import { packageStream, prealertStream, profileStream, pullStream, rpcPullSource, shipmentStream } from '@/sync-engine/pull'
import { workingSetKeeper } from '@/sync-engine/working-set'

// An admin's device against the stand-in's demo data: the past customer (historia@example.com,
// packages delivered a year ago) stays on the server until the desk needs them.

const pastCustomer = 'c0000000-0000-4000-8000-000000000002'
const pastTracking = ['HIST2025000001', 'HIST2025000002', 'HIST2025000003']

let standIn: StandIn
let admin: SupabaseClient
let owner: DeviceOwner
let keeper: ReturnType<typeof workingSetKeeper>

/** One pull of every stream, with the working set's own steps, as the scheduler runs them (one keeper a session). */
async function sync() {
  const client = admin as unknown as Supabase
  await keeper.before()
  const owners = keeper.pulling(client, new AbortController().signal)
  await pullStream(owners.noting(profileStream), rpcPullSource(client, profileStream), owner)
  await pullStream(owners.following(packageStream), rpcPullSource(client, packageStream), owner)
  await pullStream(owners.following(prealertStream), rpcPullSource(client, prealertStream), owner)
  await pullStream(owners.following(shipmentStream), rpcPullSource(client, shipmentStream), owner)
  await owners.after()
}

const trackingOnDevice = async () => (await db.packages.toArray()).map((pkg) => pkg.tracking_code)

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await signedIn(standIn.url, { email: 'admin@example.com', password: 'admin-demo-password' })
  await clearLocalData()
  owner = await takeOwnership('a0000000-0000-4000-8000-000000000001')
  keeper = workingSetKeeper(owner)
})

afterAll(async () => {
  await standIn?.close()
})

it('the first sync brings the open and recent packages, not a year-old history or its customer', async () => {
  await sync()
  const tracking = await trackingOnDevice()
  expect(tracking).toContain('1Z999AA10123456784')
  for (const code of pastTracking) expect(tracking).not.toContain(code)
  expect(await db.profiles.get(pastCustomer)).toBeUndefined()
  expect(await db.profiles.where('email').equals('cliente@example.com').count()).toBe(1)
})

it('a new package of a past customer brings their profile, fetched because the device lacked it', async () => {
  const { error } = await admin.from('packages').insert({ user_id: pastCustomer, tracking_code: 'BACKAGAIN0001' })
  expect(error).toBeNull()
  await sync()
  expect(await trackingOnDevice()).toContain('BACKAGAIN0001')
  expect(await db.profiles.get(pastCustomer)).toMatchObject({ email: 'historia@example.com', locker_code: expect.stringMatching(/^MIA\d{6}$/) })
})

it('a customer whose package a failed pull wrote, but not their profile, is fetched by the next pull', async () => {
  await db.profiles.delete(pastCustomer)
  await keeper.pulling(admin as unknown as Supabase, new AbortController().signal).settled()
  await sync()
  expect(await db.profiles.get(pastCustomer)).toMatchObject({ email: 'historia@example.com' })
})

it('a customer whose fetch failed while the pull went on is fetched by the next pull', async () => {
  await db.profiles.delete(pastCustomer)
  const owners = keeper.pulling(admin as unknown as Supabase, AbortSignal.abort())
  const theirs = (await db.packages.toArray()).find((pkg) => pkg.user_id === pastCustomer)!
  const checkpoint = (await db.syncState.get('packages'))!.checkpoint
  await owners.following(packageStream).apply(owner, [{ ...theirs, deleted_at: null }], checkpoint)
  await expect(owners.after()).rejects.toThrow()
  expect(await db.profiles.get(pastCustomer)).toBeUndefined()
  await sync()
  expect(await db.profiles.get(pastCustomer)).toMatchObject({ email: 'historia@example.com' })
})

it('the history search finds the old packages; opening them keeps them, with their history, through the next syncs', async () => {
  const { data, error } = await admin.rpc('search_history', { p_query: 'hist2025', p_limit: 50, p_offset: 0 })
  expect(error).toBeNull()
  const found = data as { packages: PackageRow[]; profiles: PulledProfile[]; has_more: boolean }
  expect(found.packages.map((pkg) => pkg.tracking_code).sort()).toEqual(pastTracking)
  expect(found.packages.every((pkg) => pkg.status === 'entregado' && pkg.events.map((event) => event.status).join() === 'recibido,transito,entregado')).toBe(true)
  await keepFetched(owner, { packages: found.packages, profiles: found.profiles, opened: found.packages.map((pkg) => pkg.id) })
  await sync()
  expect(await trackingOnDevice()).toEqual(expect.arrayContaining(pastTracking))
})
