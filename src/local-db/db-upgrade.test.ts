import Dexie from 'dexie'
import { afterEach, expect, it } from 'vitest'
import { LocalDb } from './db'

// A device upgraded from an earlier version keeps its data.

const name = 'casillero-upgrade'

afterEach(() => Dexie.delete(name))

/** The schema as version 14 of the app left it. */
const version14 = {
  profiles: 'id, email, role',
  packages: 'id, [user_id+updated_at], [status+updated_at], updated_at',
  syncState: 'key',
  outbox: '++seq, &opId, packageId, prealertId, shipmentId',
  auth: 'key',
  prealerts: 'id, [user_id+updated_at], tracking_code, state',
  owner: 'key',
  shipments: 'id, [user_id+updated_at], status',
  uploads: 'opId',
  seenFiles: 'key, seenAt',
  opened: 'id, openedAt',
  reports: 'key',
  notifications: 'id, created_at',
  directory: 'bucket',
  articles: 'id',
  faqs: 'id',
  articleDrafts: 'articleId',
  closedPackages: 'chunk',
}

it('the records of packages kept many to a record move to the store named for them, every one as it was', async () => {
  const chunks = [
    { chunk: '000000000000-a', rows: JSON.stringify([{ id: 'p1', status: 'entregado' }]), removed: [] },
    { chunk: '000000000001-b', rows: JSON.stringify([{ id: 'p2', status: 'recibido' }]), removed: ['p1'] },
  ]
  const before = new Dexie(name)
  before.version(14).stores(version14)
  await before.table('closedPackages').bulkAdd(chunks)
  await before.table('owner').put({ key: 'owner', userId: 'customer-1', generation: 'g1' })
  before.close()

  const after = new LocalDb(name)
  await after.open()
  expect(await after.packageChunks.toArray()).toEqual(chunks)
  expect(after.backendDB().objectStoreNames.contains('closedPackages')).toBe(false)
  expect(await after.owner.get('owner')).toEqual({ key: 'owner', userId: 'customer-1', generation: 'g1' })
  after.close()
})

it('a device from before accounts keeps its packages and unsent changes, and gains empty stores for account lines and balances', async () => {
  const { closedPackages: _, ...version15 } = { ...version14, packageChunks: 'chunk' }
  const op = { opId: 'op-1', userId: 'customer-1', kind: 'approve-shipment', shipmentId: 's1', state: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null, createdAt: '2026-12-01T10:00:00Z' }
  const before = new Dexie(name)
  before.version(15).stores(version15)
  await before.table('outbox').add(op)
  await before.table('packageChunks').add({ chunk: '000000000000-a', rows: '[]', removed: [] })
  before.close()

  const after = new LocalDb(name)
  await after.open()
  expect(await after.outbox.toArray()).toEqual([{ ...op, seq: 1 }])
  expect(await after.packageChunks.count()).toBe(1)
  expect(await after.accountEntries.where('[user_id+created_at]').between(['customer-1', ''], ['customer-1', '\uffff']).count()).toBe(0)
  await after.accountBalances.put({ user_id: 'customer-1', balance_cents: 5000, oldest_unpaid_at: '2026-12-01T10:00:00Z' })
  expect(await after.accountBalances.get('customer-1')).toMatchObject({ balance_cents: 5000 })
  after.close()
})
