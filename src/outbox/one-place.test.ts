import { beforeEach, describe, expect, it } from 'vitest'
import { packageIdsMatching } from '@/local-db/admin-queries'
import { db, isPackageOp, type PackageOp, type RegisterOp, type StatusOp, type UploadOp } from '@/local-db/db'
import { takeOwnership, type DeviceOwner } from '@/local-db/owner'
import { compactCustomerPackages, readChunkedPackages } from '@/local-db/package-chunks'
import { applyPulledPackagesToChunks, applyPulledPackagesToRows, forgetCustomers } from '@/local-db/package-store'
import { writePulledPage } from '@/local-db/pulled-page'
import { countCustomerPackages, readCustomerPackages } from '@/local-db/queries'
import type { PackageRow, PulledProfile } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { keepFetched, trimWorkingSet } from '@/local-db/working-set'
import { applyPulledProfiles } from '@/local-db/writes'
import { readOutbox } from './queries'
import { queueRegistration, queueStatusChanges } from './queue'
import { queueUpload } from './queue-uploads'
import { discard, reapply, retry } from './resolve'
import { settleAll } from './settle'
import { deliveredPackageRow as row } from '../../tests/unit/package-rows'

// A package is in one place or the other (local-db/package-store.ts): a row of `packages`, or in the
// chunks. Every code path that writes a package keeps it so: a copy in the chunks is replaced, never
// left beside a row, and the lists, counts and bulk actions see each package once.

const adminId = 'admin-1'
let admin: DeviceOwner

beforeEach(async () => {
  await clearLocalData()
  admin = await takeOwnership(adminId, 'admin')
})

/** Where the device holds each package, and which version; fails when it holds one twice. */
async function held(): Promise<Record<string, string>> {
  const rows = await db.packages.toArray()
  const chunked = (await readChunkedPackages()).newest
  const twice = rows.filter((pkg) => chunked.some((other) => other.id === pkg.id)).map((pkg) => pkg.id)
  expect(twice, 'packages held both as a row and in the chunks').toEqual([])
  return Object.fromEntries([...rows.map((pkg) => [pkg.id, `row v${pkg.version}`]), ...chunked.map((pkg) => [pkg.id, `chunk v${pkg.version}`])])
}

const pullClosed = (...rows: PackageRow[]) => applyPulledPackagesToChunks('closed-packages', admin, rows, crypto.randomUUID())
const pullOpen = (...rows: PackageRow[]) => applyPulledPackagesToRows('packages', admin, rows, crypto.randomUUID())
const queuedOps = async () => (await db.outbox.orderBy('seq').toArray()).filter(isPackageOp)
const photo = () => ({ bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]).buffer, contentType: 'image/jpeg', name: 'photo.jpg' })
const deletedProfile = (id: string) => ({ id, deleted_at: '2026-11-25T12:00:00.000Z' }) as PulledProfile

/** A status change of `id` queued on this device, and the server's answer to it. */
async function statusChangeAnswered(id: string, outcome: 'applied' | 'superseded' | 'refused', server: PackageRow) {
  await queueStatusChanges(adminId, [id], 'disponible')
  const [op] = await queuedOps()
  await settleAll(admin, [outcome === 'refused' ? { op: op!, outcome, message: 'no' } : { op: op!, outcome, row: server }])
  return (await queuedOps())[0] as StatusOp | undefined
}

describe('a photo on a delivered package in the chunks', () => {
  beforeEach(() => pullClosed(row('delivered', { version: 2 }), row('other', { version: 2 })))

  it('once uploaded and listed, replaces the chunks’ copy: the lists show it once, the counts count it once, a bulk change queues one op for it', async () => {
    const upload = await queueUpload(adminId, { target: 'package-photo', packageId: 'delivered' }, photo())
    const listed = row('delivered', { version: 3, meta: { photos: [upload.path] } })
    await settleAll(admin, [{ op: upload as UploadOp, outcome: 'uploaded', row: { kind: 'package', row: listed, previousVersion: 2 } }])

    expect(await held()).toEqual({ delivered: 'row v3', other: 'chunk v2' })
    expect(await packageIdsMatching({ status: null, search: '' })).toEqual(['delivered', 'other'])
    expect(await packageIdsMatching({ status: 'entregado', search: 'deliv' })).toEqual(['delivered'])
    expect(await countCustomerPackages('customer-1')).toBe(2)
    expect((await readCustomerPackages('customer-1', 10)).map((pkg) => pkg.id)).toEqual(['delivered', 'other'])
    expect((await readCustomerPackages('customer-1', 10))[0]?.meta).toEqual({ photos: [upload.path] })

    expect(await queueStatusChanges(adminId, await packageIdsMatching({ status: 'entregado', search: '' }), 'disponible')).toBe(2)
    expect((await queuedOps()).map((op) => op.packageId)).toEqual(['delivered', 'other'])
  })

  it('while it waits, the outbox names the package it is of', async () => {
    const upload = await queueUpload(adminId, { target: 'package-photo', packageId: 'delivered' }, photo())
    expect((await readOutbox(adminId)).map(({ op, pkg }) => [op.opId, pkg?.tracking_code])).toEqual([[upload.opId, 'DELIVERED']])
  })

  it('an older answer than the copy a pull brought meanwhile leaves that copy where it is', async () => {
    const upload = await queueUpload(adminId, { target: 'package-photo', packageId: 'delivered' }, photo())
    await pullClosed(row('delivered', { version: 4 }))
    await settleAll(admin, [{ op: upload as UploadOp, outcome: 'uploaded', row: { kind: 'package', row: row('delivered', { version: 3 }), previousVersion: 2 } }])
    expect(await held()).toEqual({ delivered: 'chunk v4', other: 'chunk v2' })
  })
})

describe('every writer keeps a package in one place', () => {
  beforeEach(() => pullClosed(row('delivered', { version: 2 })))

  it('pulls: the closed part takes a row into the chunks, the open part a chunked one into the rows, a tombstone takes either off', async () => {
    await pullOpen(row('open', { status: 'disponible' }))
    await pullClosed(row('open', { version: 3 }))
    await pullOpen(row('delivered', { status: 'disponible', version: 3 }))
    expect(await held()).toEqual({ open: 'chunk v3', delivered: 'row v3' })
    await pullClosed(row('open', { version: 4, deleted_at: '2026-11-24T12:00:00.000Z' }), row('delivered', { version: 4, deleted_at: '2026-11-24T12:00:00.000Z' }))
    expect(await held()).toEqual({})
  })

  it('answers to a status change: applied, superseded, refused', async () => {
    expect(await statusChangeAnswered('delivered', 'applied', row('delivered', { status: 'disponible', version: 3 }))).toBeUndefined()
    expect(await held()).toEqual({ delivered: 'row v3' })
    await pullClosed(row('delivered', { version: 4 }))
    expect((await statusChangeAnswered('delivered', 'superseded', row('delivered', { version: 5 })))?.state).toBe('conflict')
    expect(await held()).toEqual({ delivered: 'row v5' })
    await discard((await queuedOps())[0]!)
    await pullClosed(row('delivered', { version: 6 }))
    expect((await statusChangeAnswered('delivered', 'refused', row('delivered')))?.state).toBe('failed')
    expect(await held()).toEqual({ delivered: 'row v6' })
  })

  it('the admin’s resolutions: apply again, send again, discard', async () => {
    await statusChangeAnswered('delivered', 'superseded', row('delivered', { version: 3 }))
    await reapply((await queuedOps())[0] as StatusOp)
    expect(await held()).toEqual({ delivered: 'row v3' })
    await settleAll(admin, [{ op: (await queuedOps())[0]!, outcome: 'refused', message: 'no' }])
    await retry((await queuedOps())[0]!)
    expect(await held()).toEqual({ delivered: 'row v3' })
    await discard((await queuedOps())[0]!)
    expect(await held()).toEqual({ delivered: 'row v3' })

    const registered = await queueRegistration(adminId, { user_id: 'customer-1', locker_code: 'MIA100001', public_token: 'token-new', status: 'recibido', tracking_code: 'NEW1', weight_kg: 1, volume_m3: null, meta: null })
    expect(await held()).toEqual({ delivered: 'row v3', [registered.id]: 'row v0' })
    await discard((await queuedOps()).find((op): op is RegisterOp => op.kind === 'register-package')!)
    expect(await held()).toEqual({ delivered: 'row v3' })
  })

  it('a bulk change names a package once however often it is asked for', async () => {
    expect(await queueStatusChanges(adminId, ['delivered', 'delivered'], 'disponible')).toBe(1)
    expect((await queuedOps()).map((op: PackageOp) => op.packageId)).toEqual(['delivered'])
    expect(await held()).toEqual({ delivered: 'row v2' })
  })

  it('rows fetched from the history: a newer one replaces the chunks’ copy, an older one leaves it', async () => {
    await keepFetched(admin, { packages: [row('delivered', { version: 1 }), row('old', { version: 7 })], opened: ['old'] })
    expect(await held()).toEqual({ delivered: 'chunk v2', old: 'row v7' })
    await keepFetched(admin, { packages: [row('delivered', { version: 3 })] })
    expect(await held()).toEqual({ delivered: 'row v3', old: 'row v7' })
  })

  it('a deleted customer takes their packages off, rows and chunked alike, whichever pull says so', async () => {
    await pullOpen(row('open', { status: 'disponible' }))
    await applyPulledProfiles('profiles', admin, [deletedProfile('customer-1')], 'p1')
    expect(await held()).toEqual({})

    await pullClosed(row('delivered'))
    await pullOpen(row('open', { status: 'disponible' }))
    await writePulledPage('directory', admin, 'd1', () => forgetCustomers(['customer-1']))
    expect(await held()).toEqual({})
  })

  it('the trim, and a customer’s compaction, rewrite the chunks without bringing back a row', async () => {
    await queueStatusChanges(adminId, ['delivered'], 'disponible')
    await trimWorkingSet(admin, Date.parse('2027-06-01T00:00:00Z'))
    expect(await held()).toEqual({ delivered: 'row v2' })

    await clearLocalData()
    const customer = await takeOwnership('customer-1')
    for (let version = 1; version <= 8; version++) await applyPulledPackagesToChunks('packages', customer, [row('mine', { version })], `c${version}`)
    await compactCustomerPackages(customer)
    expect(await held()).toEqual({ mine: 'chunk v8' })
  })
})
