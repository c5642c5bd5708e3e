import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, signedUpCustomer, startTestStandIn, steppedUp } from '../backend/helpers'
import { packagesOnDevice } from '../support/device-packages'
import { db } from '@/local-db/db'
import { readOwnerRole, takeOwnership, type DeviceOwner } from '@/local-db/owner'
import type { PackageRow } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { queuePrealertSave } from '@/outbox/queue-prealerts'
import type { Supabase } from '@/remote/client'
import { devicePuller } from '@/sync-engine/device-copy'

// A change of role is a new start on the device, against the stand-in: a customer made admin pulls
// the desk's working set from nothing, and an admin made a customer keeps nothing of it.

let standIn: StandIn
let admin: SupabaseClient
let cam: Awaited<ReturnType<typeof signedUpCustomer>>
let olderOpen: PackageRow
let owner: DeviceOwner
let pullDeviceCopy: ReturnType<typeof devicePuller>

/** The scheduler's pull; it runs again once the role changed (the live channel reopens, and its join pulls). */
const sync = async () => {
  for (let i = 0; i < 2; i++) await pullDeviceCopy(cam.client as unknown as Supabase, new AbortController().signal)
}
const newPackage = async (userId: string) =>
  (await admin.from('packages').insert({ user_id: userId, tracking_code: `ROLE-${randomUUID().slice(0, 8)}` }).select().single()).data as PackageRow
const onDevice = async () => (await packagesOnDevice()).map((pkg) => pkg.id)

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await steppedUp(standIn, demoAdmin)
  cam = await signedUpCustomer(standIn.url, 'cam')
  const dora = await signedUpCustomer(standIn.url, 'dora')
  // Dora's open package is older than any of Cam's: a checkpoint of Cam's packages is past it.
  olderOpen = await newPackage(dora.id)
  await newPackage(cam.id)
  await clearLocalData()
  owner = await takeOwnership(cam.id, 'user')
  pullDeviceCopy = devicePuller(owner)
  await sync()
})

afterAll(async () => {
  await standIn?.close()
})

it('a customer made admin gets the open packages of everyone, older than their own too, and keeps what they queued', async () => {
  expect(await onDevice()).not.toContain(olderOpen.id)
  const queued = await queuePrealertSave(cam.id, null, { tracking_code: 'ROLE1Z0001', store: 'Amazon', description: 'Lamp', declared_value_usd: 20, expected_on: null })

  await admin.from('profiles').update({ role: 'admin' }).eq('id', cam.id)
  await sync()

  expect(await readOwnerRole(cam.id)).toBe('admin')
  expect(await onDevice()).toContain(olderOpen.id)
  expect(await db.directory.count()).toBeGreaterThan(0)
  expect((await db.outbox.toArray()).map((op) => 'prealertId' in op && op.prealertId)).toEqual([queued])
})

it('an admin made a customer keeps none of the directory, nor anyone else’s packages', async () => {
  await admin.from('profiles').update({ role: 'user' }).eq('id', cam.id)
  await sync()

  expect(await readOwnerRole(cam.id)).toBe('user')
  expect(await db.directory.count()).toBe(0)
  expect(await db.accountBalances.count()).toBe(0)
  expect(await onDevice()).not.toContain(olderOpen.id)
  expect((await db.profiles.toArray()).map((profile) => profile.id)).toEqual([cam.id])
  expect((await db.syncState.toArray()).map((state) => state.key).sort()).toEqual(['account-entries', 'notifications', 'packages', 'prealerts', 'profiles', 'shipments'])
})
