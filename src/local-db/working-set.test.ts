import { beforeEach, describe, expect, it } from 'vitest'
import { db, type LocalPackage, type LocalProfile, type StatusOp } from './db'
import { takeOwnership, type DeviceOwner } from './owner'
import type { PackageRow, PrealertRow } from './rows'
import { clearLocalData } from './wipe'
import { keepFetched, recentMs, startOverIfStale, staleCopyMs, trimWorkingSet } from './working-set'

const now = Date.parse('2026-11-25T12:00:00Z')
const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60 * 1000).toISOString()

const pkg = (id: string, changes: Partial<LocalPackage> = {}): LocalPackage => ({
  id,
  user_id: 'customer-1',
  locker_code: 'MIA100001',
  tracking_code: id.toUpperCase(),
  status: 'recibido',
  weight_kg: 1,
  volume_m3: 0.01,
  meta: null,
  public_token: `token-${id}`,
  version: 1,
  created_at: daysAgo(400),
  updated_at: daysAgo(1),
  events: [],
  ...changes,
})

const profile = (id: string, changes: Partial<LocalProfile> = {}): LocalProfile => ({
  id,
  email: `${id}@example.test`,
  full_name: null,
  phone: null,
  role: 'user',
  country: null,
  delivery_address: null,
  city: null,
  postal_code: null,
  id_number: null,
  created_at: daysAgo(500),
  updated_at: daysAgo(400),
  locker_code: 'MIA100001',
  ...changes,
})

const prealert = (id: string, changes: Partial<PrealertRow>): PrealertRow => ({
  id,
  user_id: 'customer-2',
  tracking_code: id.toUpperCase(),
  store: 'Amazon',
  description: 'Thing',
  declared_value_usd: '10.00',
  expected_on: null,
  state: 'announced',
  package_id: null,
  version: 1,
  created_at: daysAgo(300),
  updated_at: daysAgo(300),
  ...changes,
})

const statusOp = (packageId: string): StatusOp => ({
  opId: `op-${packageId}`,
  userId: 'admin',
  packageId,
  baseVersion: 1,
  state: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  createdAt: daysAgo(0),
  kind: 'set-status',
  status: 'transito',
})

let admin: DeviceOwner

beforeEach(async () => {
  await clearLocalData()
  admin = await takeOwnership('admin')
})

const ids = async (table: 'packages' | 'profiles' | 'prealerts') => (await db[table].toCollection().primaryKeys()).sort()

describe('trimming the working set', () => {
  it('drops what was delivered or closed more than 30 days ago, and keeps what is open, recent, queued or opened', async () => {
    await db.packages.bulkPut([
      pkg('open-old', { status: 'disponible', updated_at: daysAgo(90) }),
      pkg('delivered-recently', { status: 'entregado', updated_at: daysAgo(29) }),
      pkg('delivered-long-ago', { status: 'entregado', updated_at: daysAgo(31) }),
      pkg('delivered-queued', { status: 'entregado', updated_at: daysAgo(200) }),
      pkg('delivered-opened', { status: 'entregado', updated_at: daysAgo(200) }),
      pkg('delivered-opened-long-ago', { status: 'entregado', updated_at: daysAgo(200) }),
    ])
    await db.outbox.add(statusOp('delivered-queued'))
    await db.opened.bulkPut([
      { id: 'delivered-opened', openedAt: now - recentMs + 60_000 },
      { id: 'delivered-opened-long-ago', openedAt: now - recentMs - 60_000 },
    ])
    await db.prealerts.bulkPut([prealert('announced', {}), prealert('received-long-ago', { state: 'received' }), prealert('cancelled-lately', { state: 'cancelled', updated_at: daysAgo(3) })])

    expect(await trimWorkingSet(admin, now)).toBe(3)
    expect(await ids('packages')).toEqual(['delivered-opened', 'delivered-queued', 'delivered-recently', 'open-old'])
    expect(await ids('prealerts')).toEqual(['announced', 'cancelled-lately'])
    expect(await db.opened.toCollection().primaryKeys()).toEqual(['delivered-opened'])
  })

  it("drops customers' full profiles unless they are admins, the admin's own, queued for or opened lately: the directory names every customer", async () => {
    await db.profiles.bulkPut([
      profile('admin', { role: 'admin' }),
      profile('other-admin', { role: 'admin' }),
      profile('customer-1'),
      profile('customer-new', { updated_at: daysAgo(2) }),
      profile('customer-looked-up'),
      profile('customer-looked-up-long-ago'),
    ])
    await db.packages.put(pkg('p1'))
    await db.opened.bulkPut([
      { id: 'customer-looked-up', openedAt: now },
      { id: 'customer-looked-up-long-ago', openedAt: now - recentMs - 60_000 },
    ])
    await trimWorkingSet(admin, now)
    expect(await ids('profiles')).toEqual(['admin', 'customer-looked-up', 'other-admin'])
  })

  it('writes nothing for a session that has ended', async () => {
    await db.packages.put(pkg('old', { status: 'entregado', updated_at: daysAgo(100) }))
    await takeOwnership('someone-else')
    await expect(trimWorkingSet(admin, now)).rejects.toMatchObject({ name: 'NotOwnerError' })
  })
})

describe('rows fetched outside the pulls', () => {
  const fetchedPackage = (id: string, changes: Partial<PackageRow> = {}): PackageRow => ({ ...pkg(id), deleted_at: null, ...changes })

  it('packages are added where the device has none, never over a row the pulls keep current; full profiles replace the older; opened ones are remembered', async () => {
    await db.packages.put(pkg('held', { status: 'transito', version: 3 }))
    await db.profiles.put(profile('customer-1', { city: 'Valencia' }))
    await keepFetched(admin, { packages: [fetchedPackage('held', { status: 'recibido', version: 2 }), fetchedPackage('old')], profiles: [{ ...profile('customer-1', { city: 'Caracas' }), deleted_at: null }], opened: ['old'] }, now)
    expect(await db.packages.get('held')).toMatchObject({ status: 'transito', version: 3 })
    expect(await db.packages.get('old')).toMatchObject({ id: 'old', status: 'recibido' })
    expect(await db.profiles.get('customer-1')).toMatchObject({ email: 'customer-1@example.test', city: 'Caracas' })
    expect(await db.opened.toArray()).toEqual([{ id: 'old', openedAt: now }])
  })

  it('are refused whole once the session has ended', async () => {
    await takeOwnership('someone-else')
    await expect(keepFetched(admin, { packages: [fetchedPackage('old')] })).rejects.toMatchObject({ name: 'NotOwnerError' })
    expect(await db.packages.count()).toBe(0)
  })
})

describe('a copy too old to bring up to date', () => {
  async function synced(at: number) {
    for (const key of ['directory', 'packages', 'profiles', 'prealerts', 'shipments', 'closed-packages'] as const) await db.syncState.put({ key, userId: 'admin', checkpoint: '100:x', syncedAt: at })
  }

  it('starts over: every row without queued changes goes, with the directory and the checkpoints', async () => {
    await synced(now - staleCopyMs - 1)
    await db.directory.put({ bucket: 3, customers: JSON.stringify([['03000000-0000-4000-8000-000000000000', 'MIA100003', 'c@example.test', 'C', null, 'basic', 'user', null, daysAgo(40)]]) })
    await db.packages.bulkPut([pkg('queued'), pkg('plain')])
    await db.outbox.add(statusOp('queued'))
    await db.profiles.bulkPut([profile('admin', { role: 'admin' }), profile('customer-1')])
    expect(await startOverIfStale(admin, now)).toBe(true)
    expect(await ids('packages')).toEqual(['queued'])
    expect(await ids('profiles')).toEqual(['admin'])
    expect(await db.directory.count()).toBe(0)
    expect(await db.syncState.count()).toBe(0)
  })

  it('is left alone when it synced recently', async () => {
    await synced(now - staleCopyMs + 60_000)
    await db.packages.put(pkg('plain'))
    expect(await startOverIfStale(admin, now)).toBe(false)
    expect(await ids('packages')).toEqual(['plain'])
  })
})
