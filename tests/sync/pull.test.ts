import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { newClient, signedIn, startTestStandIn, uniqueEmail } from '../backend/helpers'
import { db } from '@/local-db/db'
import { clearLocalData } from '@/local-db/wipe'
import { readPackageSync } from '@/local-db/writes'
import { refreshProfileAndLocker } from '@/sync-engine/profile'
import { pullPackages, rpcPullSource, SyncError, type PullSource } from '@/sync-engine/pull'

// The sync engine against a running stand-in through real supabase-js, into Dexie on fake-indexeddb.

let standIn: StandIn
let admin: SupabaseClient
let customer: SupabaseClient
let customerId: string
let lockerCode: string

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await signedIn(standIn.url, { email: 'admin@example.com', password: 'admin-demo-password' })
  const email = uniqueEmail('sync')
  const signup = await newClient(standIn.url).auth.signUp({ email, password: 'secret-123', options: { data: { full_name: 'Sync Test' } } })
  if (signup.error) throw signup.error
  customer = await signedIn(standIn.url, { email, password: 'secret-123' })
  customerId = signup.data.user!.id
  const locker = await customer.from('lockers').select('code').eq('user_id', customerId).single()
  lockerCode = (locker.data as { code: string }).code
})

afterAll(async () => {
  await standIn?.close()
})

beforeEach(async () => {
  await clearLocalData()
  await admin.from('packages').update({ deleted_at: new Date().toISOString() }).eq('user_id', customerId).is('deleted_at', null)
})

async function register(count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({ user_id: customerId, locker_code: lockerCode, tracking_code: `SYNC-${i}-${randomUUID().slice(0, 6)}`, weight_kg: 1 + i }))
  const { data, error } = await admin.from('packages').insert(rows).select('id, version')
  if (error) throw new Error(error.message)
  return data as { id: string; version: number }[]
}

/** Counts the pages a source serves, to see paging happen. */
function counting(source: PullSource) {
  const calls: (string | null)[] = []
  const wrapped: PullSource = (since, limit) => {
    calls.push(since)
    return source(since, limit)
  }
  return { source: wrapped, calls }
}

const livePackages = () => db.packages.where('user_id').equals(customerId).toArray()

describe('pullPackages', () => {
  it('pulls page by page from the stored checkpoint into the local copy', async () => {
    await pullPackages(rpcPullSource(customer), customerId)
    const created = await register(5)
    const { source, calls } = counting(rpcPullSource(customer))
    const moved = await pullPackages(source, customerId, 2)
    expect(moved).toBe(5)
    expect(calls).toHaveLength(3)
    const local = await livePackages()
    expect(local.map((pkg) => pkg.id).sort()).toEqual(created.map((pkg) => pkg.id).sort())
    expect(local[0]).toMatchObject({ user_id: customerId, locker_code: lockerCode, status: 'recibido' })
    expect(local[0]!.events.map((event) => event.status)).toEqual(['recibido'])
    expect(local.every((pkg) => !('deleted_at' in pkg))).toBe(true)
  })

  it('moves no rows when nothing changed, and keeps the checkpoint across a restart', async () => {
    await register(3)
    await pullPackages(rpcPullSource(customer), customerId)
    const checkpoint = (await readPackageSync(customerId))?.checkpoint
    expect(checkpoint).toMatch(/^\d+:[0-9a-f-]{36}$/)

    db.close()
    await db.open()
    expect((await readPackageSync(customerId))?.checkpoint).toBe(checkpoint)
    const { source, calls } = counting(rpcPullSource(customer))
    expect(await pullPackages(source, customerId)).toBe(0)
    expect(calls).toEqual([checkpoint])
    expect(await livePackages()).toHaveLength(3)
  })

  it('applies status changes with their history, and deletes tombstones', async () => {
    const [kept, removed] = await register(2)
    await pullPackages(rpcPullSource(customer), customerId)
    const { error } = await admin.rpc('apply_package_status', {
      p_op_id: randomUUID(),
      p_package_id: kept!.id,
      p_status: 'aduana',
      p_changed_at: new Date().toISOString(),
      p_base_version: kept!.version,
    })
    expect(error).toBeNull()
    await admin.from('packages').update({ deleted_at: new Date().toISOString() }).eq('id', removed!.id)

    expect(await pullPackages(rpcPullSource(customer), customerId)).toBe(2)
    const local = await livePackages()
    expect(local.map((pkg) => pkg.id)).toEqual([kept!.id])
    expect(local[0]!.status).toBe('aduana')
    expect(local[0]!.events.map((event) => event.status)).toEqual(['recibido', 'aduana'])
  })

  it('keeps the local copy intact when a pull fails, and resumes after the last page written', async () => {
    await pullPackages(rpcPullSource(customer), customerId)
    await register(4)
    const real = rpcPullSource(customer)
    let served = 0
    const failing: PullSource = async (since, limit) => {
      if (served++ === 1) throw new SyncError('connection lost', false)
      return real(since, limit)
    }
    await expect(pullPackages(failing, customerId, 2)).rejects.toThrow('connection lost')
    expect(await livePackages()).toHaveLength(2)

    const stopped = newClient('http://127.0.0.1:9')
    await expect(pullPackages(rpcPullSource(stopped), customerId)).rejects.toMatchObject({ fromService: false })
    expect(await livePackages()).toHaveLength(2)

    expect(await pullPackages(real, customerId, 2)).toBe(2)
    expect(await livePackages()).toHaveLength(4)
  })

  it('reports a service error as one, with its message', async () => {
    await expect(pullPackages(rpcPullSource(newClient(standIn.url)), customerId)).rejects.toMatchObject({ fromService: true })
  })
})

describe('profile and locker refresh', () => {
  it('stores the profile and the locker the database generated', async () => {
    await refreshProfileAndLocker(customer, customerId)
    expect(await db.profiles.get(customerId)).toMatchObject({ id: customerId, full_name: 'Sync Test', role: 'user' })
    expect(await db.lockers.get(customerId)).toMatchObject({ user_id: customerId, code: lockerCode })
  })
})

describe('sign-out wipe', () => {
  it('leaves no row of any table behind', async () => {
    await register(2)
    await Promise.all([pullPackages(rpcPullSource(customer), customerId), refreshProfileAndLocker(customer, customerId)])
    expect(await db.packages.count()).toBeGreaterThan(0)
    await clearLocalData()
    const counts = await Promise.all(db.tables.map((table) => table.count()))
    expect(counts).toEqual(db.tables.map(() => 0))
  })

  it('a different user never resumes the previous user’s checkpoint', async () => {
    await register(1)
    await pullPackages(rpcPullSource(customer), customerId)
    expect(await readPackageSync(randomUUID())).toBeNull()
  })
})
