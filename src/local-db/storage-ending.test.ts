import { beforeEach, describe, expect, it } from 'vitest'
import { packageIdsMatching } from './admin-queries'
import { db, type LocalPackage } from './db'
import type { ShipmentRow } from './rows'
import { clearLocalData } from './wipe'

const longAgo = new Date(Date.now() - 60 * 24 * 60 * 60 * 1000).toISOString()

/** A package that arrived long ago and still waits at the warehouse: its free storage has ended. */
const waiting = (id: string): LocalPackage => ({
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
  created_at: longAgo,
  updated_at: longAgo,
  events: [],
})

const shipmentOf = (id: string, status: ShipmentRow['status'], packageIds: string[]) =>
  ({ id, user_id: 'customer-1', status, package_ids: packageIds, updated_at: longAgo }) as unknown as ShipmentRow

beforeEach(() => clearLocalData())

describe('the admin’s storage-ending list', () => {
  it('leaves out packages leaving in a requested or processing shipment, as the reminders do', async () => {
    await db.packages.bulkPut(['stays', 'requested', 'processing', 'cancelled'].map(waiting))
    await db.shipments.bulkPut([shipmentOf('s1', 'requested', ['requested']), shipmentOf('s2', 'processing', ['processing']), shipmentOf('s3', 'cancelled', ['cancelled'])])

    expect((await packageIdsMatching({ status: 'storage-ending', search: '' })).sort()).toEqual(['cancelled', 'stays'])
  })
})
