import { beforeEach, describe, expect, it } from 'vitest'
import { packageIdsMatching } from './admin-queries'
import { db } from './db'
import { DirectoryPull } from './directory'
import { takeOwnership, type DeviceOwner } from './owner'
import { readChunkedPackages } from './package-chunks'
import { applyPulledPackagesToChunks, applyPulledPackagesToRows, forgetCustomers, readPackages } from './package-store'
import type { PackageRow, PrealertRow, ShipmentRow } from './rows'
import { clearLocalData } from './wipe'
import { keepFetched, trimWorkingSet } from './working-set'
import { deliveredPackageRow as row } from '../../tests/unit/package-rows'

const now = Date.parse('2026-11-25T12:00:00Z')
const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60 * 1000).toISOString()

const local = ({ deleted_at: _, ...pkg }: PackageRow) => pkg

let admin: DeviceOwner
beforeEach(async () => {
  await clearLocalData()
  admin = await takeOwnership('admin-1', 'admin')
})

const chunkedIds = async () => (await readChunkedPackages()).newest.map((pkg) => pkg.id)

describe("an admin's closed packages, many to a record", () => {
  it('are stored a page to a record and found by every read of packages', async () => {
    const pages = [Array.from({ length: 600 }, (_, i) => row(`a${i}`)), Array.from({ length: 600 }, (_, i) => row(`b${i}`, { updated_at: daysAgo(1) }))]
    await applyPulledPackagesToChunks('closed-packages', admin, pages[0]!, 'c1')
    await applyPulledPackagesToChunks('closed-packages', admin, pages[1]!, 'c2')
    expect(await db.packageChunks.count()).toBe(2)
    expect(await db.packages.count()).toBe(0)
    expect((await readChunkedPackages()).size).toBe(1200)
    expect(await readPackages(['a5', 'nope', 'b7'])).toEqual([local(row('a5')), undefined, local(row('b7', { updated_at: daysAgo(1) }))])
    // Most recently changed first, whatever store holds them.
    await applyPulledPackagesToRows('packages', admin, [row('open-1', { status: 'disponible', updated_at: daysAgo(0.5) })], 'o1')
    const all = await packageIdsMatching({ status: null, search: '' })
    expect(all).toHaveLength(1201)
    expect(all[0]).toBe('open-1')
    expect(all.slice(1, 601).every((id) => id.startsWith('b'))).toBe(true)
    expect((await packageIdsMatching({ status: 'entregado', search: 'A59' })).sort()).toEqual(['a59', 'a590', 'a591', 'a592', 'a593', 'a594', 'a595', 'a596', 'a597', 'a598', 'a599'])
  })

  it('leave it when reopened, deleted, or pulled closed while a row; the newest copy wins', async () => {
    await applyPulledPackagesToRows('packages', admin, [row('was-open', { status: 'disponible' })], 'o1')
    await applyPulledPackagesToChunks('closed-packages', admin, [row('reopened'), row('deleted'), row('twice', { version: 2 }), row('was-open')], 'c1')
    expect(await db.packages.count()).toBe(0)
    await applyPulledPackagesToRows('packages', admin, [row('reopened', { status: 'disponible', version: 3 })], 'o2')
    await applyPulledPackagesToChunks('closed-packages', admin, [row('deleted', { deleted_at: daysAgo(0) }), row('twice', { version: 3 })], 'c2')
    expect((await chunkedIds()).sort()).toEqual(['twice', 'was-open'])
    expect((await readPackages(['twice']))[0]?.version).toBe(3)
    expect((await db.packages.get('reopened'))?.status).toBe('disponible')
    expect(await readPackages(['deleted'])).toEqual([undefined])
  })

  it('a package opened from the history stays where the pulls keep it', async () => {
    await applyPulledPackagesToChunks('closed-packages', admin, [row('p1', { version: 4 })], 'c1')
    await keepFetched(admin, { packages: [row('p1', { version: 3 }), row('old', { updated_at: daysAgo(200) })], opened: ['p1', 'old'] })
    expect(await db.packages.toCollection().primaryKeys()).toEqual(['old'])
    expect((await readPackages(['p1']))[0]?.version).toBe(4)
  })

  it('leave the device 30 days after they last changed, but for one opened lately', async () => {
    await applyPulledPackagesToChunks('closed-packages', admin, [row('old', { updated_at: daysAgo(40) }), row('opened', { updated_at: daysAgo(40) }), row('recent', { updated_at: daysAgo(3) })], 'c1')
    await keepFetched(admin, { opened: ['opened'] }, now)
    expect(await trimWorkingSet(admin, now)).toBe(1)
    expect((await chunkedIds()).sort()).toEqual(['opened', 'recent'])
  })
})

describe('a customer the directory says was deleted', () => {
  it('takes their packages, rows and chunked alike, their prealerts and shipments off the device, with the directory', async () => {
    const other = { user_id: 'customer-2', locker_code: 'MIA100002' }
    await applyPulledPackagesToChunks('closed-packages', admin, [row('closed-gone'), row('closed-kept', other)], 'c1')
    await applyPulledPackagesToRows('packages', admin, [row('open-gone', { status: 'disponible' }), row('open-kept', { ...other, status: 'disponible' })], 'o1')
    // Only what the indexes read: the rest of these rows is not looked at.
    const owned = (id: string, user_id: string) => ({ id, user_id, updated_at: daysAgo(1), tracking_code: id, state: 'announced', status: 'requested' })
    await db.prealerts.bulkPut([owned('prealert-gone', 'customer-1'), owned('prealert-kept', 'customer-2')] as unknown as PrealertRow[])
    await db.shipments.bulkPut([owned('shipment-gone', 'customer-1'), owned('shipment-kept', 'customer-2')] as unknown as ShipmentRow[])

    await new DirectoryPull(forgetCustomers).add(admin, [{ removed: 'customer-1' }], 'd2', true)

    expect(await chunkedIds()).toEqual(['closed-kept'])
    expect(await db.packages.toCollection().primaryKeys()).toEqual(['open-kept'])
    expect(await db.prealerts.toCollection().primaryKeys()).toEqual(['prealert-kept'])
    expect(await db.shipments.toCollection().primaryKeys()).toEqual(['shipment-kept'])
    expect(await db.syncState.get('directory')).toMatchObject({ checkpoint: 'd2' })
  })
})
