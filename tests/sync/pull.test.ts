import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, newClient, signedUpCustomer, startTestStandIn, steppedUp } from '../backend/helpers'
import { packagesOnDevice } from '../support/device-packages'
import { NotOwnerError, releaseOwnership, takeOwnership } from '@/local-db/owner'
import { db } from '@/local-db/db'
import { readDirectory, type DirectoryRow } from '@/local-db/directory'
import { readCustomerPackages } from '@/local-db/queries'
import type { CustomerTuple } from '@/local-db/customer-index'
import type { PackageRow } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { readSyncState } from '@/local-db/writes'
import { directoryStream, packageStream, profileStream, pullStream, rpcPullSource, SyncError, type PullSource } from '@/sync-engine/pull'

// The sync engine's pulls against a running stand-in through real supabase-js, into Dexie on fake-indexeddb.

let standIn: StandIn
let admin: SupabaseClient
let customer: SupabaseClient
let customerId: string
let lockerCode: string

const signUp = (name: string) => signedUpCustomer(standIn.url, name, `${name} Test`)

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await steppedUp(standIn, demoAdmin)
  ;({ id: customerId, client: customer } = await signUp('sync'))
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

async function register(count: number, userId = customerId) {
  const rows = Array.from({ length: count }, (_, i) => ({ user_id: userId, tracking_code: `SYNC-${i}-${randomUUID().slice(0, 6)}`, weight_kg: 1 + i }))
  const { data, error } = await admin.from('packages').insert(rows).select('id, version')
  if (error) throw new Error(error.message)
  return data as { id: string; version: number }[]
}

const pullPackages = async (source: PullSource<PackageRow>, userId = customerId, pageSize?: number) => pullStream(packageStream, source, await takeOwnership(userId), pageSize)
const packagesOf = (client: SupabaseClient) => rpcPullSource(client, packageStream)

/** Counts the pages a source serves, to see paging happen. */
function counting(source: PullSource<PackageRow>) {
  const calls: (string | null)[] = []
  const wrapped: PullSource<PackageRow> = (since, limit) => {
    calls.push(since)
    return source(since, limit)
  }
  return { source: wrapped, calls }
}

/** The customer's packages as their dashboard reads them. */
const livePackages = () => readCustomerPackages(customerId, Infinity)

describe('pulling packages', () => {
  it('pulls page by page from the stored checkpoint into the local copy', async () => {
    await pullPackages(packagesOf(customer))
    const created = await register(5)
    const { source, calls } = counting(packagesOf(customer))
    const moved = await pullPackages(source, customerId, 2)
    expect(moved).toBe(5)
    expect(calls).toHaveLength(3)
    // Many to a record (src/local-db/package-chunks.ts: pages join the last one while it has room), none as rows.
    expect(await db.packageChunks.count()).toBe(1)
    expect(await db.packages.count()).toBe(0)
    const local = await livePackages()
    expect(local.map((pkg) => pkg.id).sort()).toEqual(created.map((pkg) => pkg.id).sort())
    expect(local[0]).toMatchObject({ user_id: customerId, locker_code: lockerCode, status: 'recibido' })
    expect(local[0]!.events.map((event) => event.status)).toEqual(['recibido'])
    expect(local.every((pkg) => !('deleted_at' in pkg))).toBe(true)
  })

  it('moves no rows when nothing changed, and keeps the checkpoint across a restart', async () => {
    await register(3)
    await pullPackages(packagesOf(customer))
    const checkpoint = (await readSyncState('packages', customerId))?.checkpoint
    expect(checkpoint).toMatch(/^\d+:[0-9a-f-]{36}$/)

    db.close()
    await db.open()
    expect((await readSyncState('packages', customerId))?.checkpoint).toBe(checkpoint)
    const { source, calls } = counting(packagesOf(customer))
    expect(await pullPackages(source)).toBe(0)
    expect(calls).toEqual([checkpoint])
    expect(await livePackages()).toHaveLength(3)
  })

  it('applies status changes with their history, and deletes tombstones', async () => {
    const [kept, removed] = await register(2)
    await pullPackages(packagesOf(customer))
    const { error } = await admin.rpc('apply_package_status', {
      p_op_id: randomUUID(),
      p_package_id: kept!.id,
      p_status: 'aduana',
      p_changed_at: new Date().toISOString(),
      p_base_version: kept!.version,
    })
    expect(error).toBeNull()
    await admin.from('packages').update({ deleted_at: new Date().toISOString() }).eq('id', removed!.id)

    expect(await pullPackages(packagesOf(customer))).toBe(2)
    const local = await livePackages()
    expect(local.map((pkg) => pkg.id)).toEqual([kept!.id])
    expect(local[0]!.status).toBe('aduana')
    expect(local[0]!.events.map((event) => event.status)).toEqual(['recibido', 'aduana'])
  })

  it('keeps the local copy intact when a pull fails, and resumes after the last page written', async () => {
    await pullPackages(packagesOf(customer))
    await register(4)
    const real = packagesOf(customer)
    let served = 0
    const failing: PullSource<PackageRow> = async (since, limit) => {
      if (served++ === 1) throw new SyncError('connection lost', false)
      return real(since, limit)
    }
    await expect(pullPackages(failing, customerId, 2)).rejects.toThrow('connection lost')
    expect(await livePackages()).toHaveLength(2)

    const stopped = newClient('http://127.0.0.1:9')
    await expect(pullPackages(packagesOf(stopped))).rejects.toMatchObject({ fromService: false })
    expect(await livePackages()).toHaveLength(2)

    expect(await pullPackages(real, customerId, 2)).toBe(2)
    expect(await livePackages()).toHaveLength(4)
  })

  it('reports a service error as one, with its message', async () => {
    await expect(pullPackages(packagesOf(newClient(standIn.url)))).rejects.toMatchObject({ fromService: true })
  })

  it('drops every page that arrives after its session ended: a sign-out or another user mid-pull leaves nothing behind', async () => {
    await register(6)
    const real = packagesOf(customer)
    const owner = await takeOwnership(customerId)
    let pages = 0
    let signedOut: () => void = () => undefined
    const afterFirstPage = new Promise<void>((resolve) => (signedOut = resolve))
    // The second page is on its way when the user signs out, and a new user signs in.
    const late: PullSource<PackageRow> = async (since, limit) => {
      const page = await real(since, limit)
      if (++pages === 2) await afterFirstPage
      return page
    }
    const pulling = pullStream(packageStream, late, owner, 2)
    await expect.poll(() => pages).toBe(2)
    await expect.poll(() => db.syncState.count()).toBe(1)
    await releaseOwnership({ discardWork: true })
    const other = await signUp('next')
    await takeOwnership(other.id)
    signedOut()
    await expect(pulling).rejects.toThrow(NotOwnerError)
    expect(await packagesOnDevice()).toEqual([])
    expect(await db.syncState.count()).toBe(0)
  })

  it('never lets one user resume another user’s checkpoint or see their rows', async () => {
    await register(2)
    await pullPackages(packagesOf(customer))
    const other = await signUp('other')
    await register(1, other.id)

    expect(await pullPackages(packagesOf(other.client), other.id)).toBe(1)
    const local = await packagesOnDevice()
    expect(local.map((pkg) => pkg.user_id)).toEqual([other.id])
    expect((await readSyncState('packages', other.id))?.checkpoint).toMatch(/^\d+:/)
    expect(await readSyncState('packages', customerId)).toBeNull()
  })
})

describe('pulling profiles', () => {
  it('gives a customer their own profile with the locker code the database generated', async () => {
    expect(await pullStream(profileStream, rpcPullSource(customer, profileStream), await takeOwnership(customerId))).toBe(1)
    expect(await db.profiles.toArray()).toEqual([expect.objectContaining({ id: customerId, full_name: 'sync Test', role: 'user', locker_code: lockerCode })])
    expect(await db.profiles.get(customerId)).not.toHaveProperty('deleted_at')
  })

  it("gives an admin the staff's profiles, and the directory of every customer, an updated one on the next pull", async () => {
    const adminId = (await admin.auth.getUser()).data.user!.id
    const owner = await takeOwnership(adminId)
    expect(await pullStream(profileStream, rpcPullSource(admin, profileStream), owner)).toBeGreaterThanOrEqual(1)
    expect(new Set((await db.profiles.toArray()).map((profile) => profile.role as string))).toEqual(new Set(['admin', 'clerk']))
    const directory = directoryStream()
    const pull = () => pullStream(directory, rpcPullSource(admin, directory), owner)
    expect(await pull()).toBeGreaterThanOrEqual(3)
    expect((await readDirectory()).get(customerId)).toMatchObject({ locker_code: lockerCode })
    expect(await pull()).toBe(0)

    const { error } = await admin.from('profiles').update({ full_name: 'Renamed Customer' }).eq('id', customerId)
    expect(error).toBeNull()
    expect(await pull()).toBe(1)
    expect((await readDirectory()).get(customerId)).toMatchObject({ full_name: 'Renamed Customer', locker_code: lockerCode })
  })
})

describe('pulling the directory', () => {
  /** The customers stored on the device, whatever this tab holds in memory. */
  const storedCustomers = async () => (await db.directory.toArray()).flatMap((bucket) => JSON.parse(bucket.customers) as CustomerTuple[])

  it('keeps the pages that arrived when a pull is cut, searchable at once, and the next pull resumes after them', async () => {
    // Enough customers for more than three pages of two, whatever other tests signed up.
    for (const name of ['dir1', 'dir2', 'dir3', 'dir4']) await signUp(name)
    const adminId = (await admin.auth.getUser()).data.user!.id
    const owner = await takeOwnership(adminId)
    // This tab's copy follows the wipe before the pull writes into it.
    await expect.poll(async () => (await readDirectory()).size).toBe(0)
    const real = rpcPullSource(admin, directoryStream())
    const asked: (string | null)[] = []
    const cutAtThirdPage: PullSource<DirectoryRow> = async (since, limit) => {
      asked.push(since)
      if (asked.length === 3) throw new SyncError('connection lost', false)
      return real(since, limit)
    }
    await expect(pullStream(directoryStream(), cutAtThirdPage, owner, 2)).rejects.toThrow('connection lost')

    const cut = await readSyncState('directory', adminId)
    expect(cut).toMatchObject({ checkpoint: asked[2], syncedAt: null })
    const arrived = await storedCustomers()
    expect(arrived).toHaveLength(4)
    const directory = await readDirectory()
    expect(directory.size).toBe(4)
    for (const [id, , email] of arrived) expect(directory.exact(email!)?.id).toBe(id)

    const resumedFrom: (string | null)[] = []
    await pullStream(directoryStream(), (since, limit) => (resumedFrom.push(since), real(since, limit)), owner, 2)
    expect(resumedFrom[0]).toBe(cut!.checkpoint)
    const { count } = await admin.from('profiles').select('id', { count: 'exact', head: true })
    expect(new Set((await storedCustomers()).map(([id]) => id)).size).toBe(count)
    expect((await readDirectory()).size).toBe(count)
    expect((await readSyncState('directory', adminId))?.syncedAt).not.toBeNull()
  })
})

describe('sign-out wipe', () => {
  it('leaves no row of any user data table behind', async () => {
    await register(2)
    await Promise.all([pullPackages(packagesOf(customer)), pullStream(profileStream, rpcPullSource(customer, profileStream), await takeOwnership(customerId))])
    expect(await livePackages()).not.toEqual([])
    await clearLocalData()
    const counts = await Promise.all(db.dataTables.map((table) => table.count()))
    expect(counts).toEqual(db.dataTables.map(() => 0))
  })
})
