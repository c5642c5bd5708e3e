import Dexie from 'dexie'
import { beforeEach, describe, expect, it } from 'vitest'
import { db, type LocalPackage } from './db'
import { clearLocalData } from './wipe'

const pkg = (id: string, status: string, updated_at: string): LocalPackage => ({
  id,
  user_id: 'u1',
  locker_code: 'MIA100001',
  tracking_code: `TRK-${id}`,
  status,
  weight_kg: 1.5,
  volume_m3: null,
  meta: { store: 'Amazon', fragile: true },
  public_token: `tok-${id}`,
  version: 3,
  created_at: '2026-11-01T10:00:00Z',
  updated_at,
  events: [{ status, changed_at: updated_at, recorded_at: updated_at }],
})

/** The value IndexedDB holds for `id`, read past Dexie. */
function stored(id: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const request = db.backendDB().transaction('packages').objectStore('packages').get(id)
    request.onsuccess = () => resolve(request.result as Record<string, unknown>)
    request.onerror = () => reject(request.error)
  })
}

beforeEach(() => clearLocalData())

describe('packages stored compactly', () => {
  it('are stored as the fields their keys read and the row as one string', async () => {
    const row = pkg('p1', 'recibido', '2026-11-20T10:00:00Z')
    await db.packages.put(row)
    const value = await stored('p1')
    expect(Object.keys(value).sort()).toEqual(['id', 'row', 'status', 'updated_at', 'user_id'])
    expect(JSON.parse(value.row as string)).toEqual(row)
  })

  it('read back whole by key, by index, through a cursor, and after a change', async () => {
    const rows = [pkg('p1', 'recibido', '2026-11-20T10:00:00Z'), pkg('p2', 'entregado', '2026-11-21T10:00:00Z'), pkg('p3', 'recibido', '2026-11-22T10:00:00Z')]
    await db.packages.bulkPut(rows)
    expect(await db.packages.get('p2')).toEqual(rows[1])
    expect(await db.packages.bulkGet(['p3', 'nope', 'p1'])).toEqual([rows[2], undefined, rows[0]])
    expect(await db.packages.where('[status+updated_at]').between(['recibido', Dexie.minKey], ['recibido', Dexie.maxKey]).reverse().toArray()).toEqual([rows[2], rows[0]])
    expect(await db.packages.orderBy('updated_at').filter((row) => row.tracking_code === 'TRK-p2').first()).toEqual(rows[1])
    expect(await db.packages.where('user_id').equals('u1').count()).toBe(3)
    await db.packages.update('p1', { status: 'disponible' })
    expect(await db.packages.get('p1')).toEqual({ ...rows[0], status: 'disponible' })
    expect(await db.packages.where('[status+updated_at]').between(['disponible', Dexie.minKey], ['disponible', Dexie.maxKey]).primaryKeys()).toEqual(['p1'])
  })

  it('stored whole by an earlier version of the app still read as they were', async () => {
    const row = pkg('old', 'transito', '2026-11-19T10:00:00Z')
    await new Promise<void>((resolve, reject) => {
      const tx = db.backendDB().transaction('packages', 'readwrite')
      tx.objectStore('packages').put(row)
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error)
    })
    expect(await db.packages.get('old')).toEqual(row)
    expect(await db.packages.where('[status+updated_at]').between(['transito', Dexie.minKey], ['transito', Dexie.maxKey]).toArray()).toEqual([row])
  })
})
