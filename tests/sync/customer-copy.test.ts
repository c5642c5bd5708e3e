import 'fake-indexeddb/auto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, signedIn, signedUpCustomer, startTestStandIn } from '../backend/helpers'
import { db, type SyncState } from '@/local-db/db'
import { takeOwnership, type DeviceOwner } from '@/local-db/owner'
import { readCustomerPackages } from '@/local-db/queries'
import { liveReadPace } from '@/local-db/throttled-query'
import { clearLocalData } from '@/local-db/wipe'
import type { Supabase } from '@/remote/client'
import { pullCustomerCopy } from '@/sync-engine/customer-copy'
import { arrivingReadsMs } from '@/sync-engine/working-set'

// A customer's pull against the stand-in: while the copy arrives from nothing, the dashboard's
// live reads are slowed (each re-read would take the stores the pages are written to); afterwards,
// and in every later pull, a change shows at once.

let standIn: StandIn
let admin: SupabaseClient
let customer: SupabaseClient
let customerId: string
let owner: DeviceOwner

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await signedIn(standIn.url, demoAdmin)
  ;({ id: customerId, client: customer } = await signedUpCustomer(standIn.url, 'copy', 'Copy Test'))
  await clearLocalData()
  owner = await takeOwnership(customerId)
})

afterAll(async () => {
  await standIn?.close()
})

async function register(trackingCode: string) {
  const { error } = await admin.from('packages').insert({ user_id: customerId, tracking_code: trackingCode, weight_kg: 1 })
  if (error) throw new Error(error.message)
}

/** One pull as the scheduler runs it, with the pace live reads had each time a page of packages was written. */
async function pullNoting(signal = new AbortController().signal): Promise<number[]> {
  const paces: number[] = []
  const note = (state: SyncState) => {
    if (state.key === 'packages') paces.push(liveReadPace())
  }
  const creating = (_key: unknown, state: SyncState) => note(state)
  const updating = (_changes: unknown, _key: unknown, state: SyncState) => note(state)
  db.syncState.hook('creating', creating)
  db.syncState.hook('updating', updating)
  try {
    await pullCustomerCopy(customer as unknown as Supabase, owner, signal)
  } finally {
    db.syncState.hook('creating').unsubscribe(creating)
    db.syncState.hook('updating').unsubscribe(updating)
  }
  return paces
}

it('a first pull slows live reads while its packages arrive, and lifts it once they are in', async () => {
  await register('COPY-FIRST-1')
  const paces = await pullNoting()
  expect(paces.length).toBeGreaterThan(0)
  expect(paces.every((pace) => pace === arrivingReadsMs)).toBe(true)
  expect(liveReadPace()).toBe(0)
  expect((await readCustomerPackages(customerId, Infinity)).map((pkg) => pkg.tracking_code)).toEqual(['COPY-FIRST-1'])
})

it('a later pull leaves live reads at their own pace', async () => {
  await register('COPY-LATER-1')
  const paces = await pullNoting()
  expect(paces.length).toBeGreaterThan(0)
  expect(paces.every((pace) => pace === 0)).toBe(true)
  expect((await readCustomerPackages(customerId, Infinity)).map((pkg) => pkg.tracking_code)).toEqual(['COPY-LATER-1', 'COPY-FIRST-1'])
})

it('a first pull that fails lifts the slowing too', async () => {
  await clearLocalData()
  owner = await takeOwnership(customerId)
  const stopped = new AbortController()
  stopped.abort(new Error('signed out'))
  await expect(pullNoting(stopped.signal)).rejects.toThrow()
  expect(liveReadPace()).toBe(0)
})
