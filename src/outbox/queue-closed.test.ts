import { beforeEach, expect, it } from 'vitest'
import { applyPulledClosedPackages, readClosedPackages } from '@/local-db/closed-packages'
import { db } from '@/local-db/db'
import { takeOwnership, type DeviceOwner } from '@/local-db/owner'
import type { PackageRow } from '@/local-db/rows'
import { clearLocalData } from '@/local-db/wipe'
import { queueStatusChanges } from './queue'

const row = (id: string, changes: Partial<PackageRow> = {}): PackageRow => ({
  id,
  user_id: 'customer-1',
  locker_code: 'MIA100001',
  tracking_code: id.toUpperCase(),
  status: 'entregado',
  weight_kg: 1,
  volume_m3: null,
  meta: null,
  public_token: `token-${id}`,
  version: 2,
  deleted_at: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  events: [],
  ...changes,
})

let admin: DeviceOwner
beforeEach(async () => {
  await clearLocalData()
  admin = await takeOwnership('admin-1', 'admin')
})

const closedIds = async () => (await readClosedPackages()).newest.map((pkg) => pkg.id)

it('an offline status change takes the package out into the rows, with the change on top until the server has it', async () => {
  await applyPulledClosedPackages('closed-packages', admin, [row('p1'), row('p2')], 'c1')
  expect(await queueStatusChanges('admin-1', ['p1'], 'disponible')).toBe(1)
  expect(await closedIds()).toEqual(['p2'])
  expect(await db.packages.get('p1')).toMatchObject({ status: 'disponible', serverStatus: 'entregado' })
  // The closed part brings it again before the change is sent: it stays a row, under the change.
  await applyPulledClosedPackages('closed-packages', admin, [row('p1', { version: 3 })], 'c2')
  expect(await closedIds()).toEqual(['p2'])
  expect(await db.packages.get('p1')).toMatchObject({ status: 'disponible', serverStatus: 'entregado', version: 3 })
})

