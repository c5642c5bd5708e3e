import { beforeEach, expect, it } from 'vitest'
import { db } from '@/local-db/db'
import { takeOwnership, type DeviceOwner } from '@/local-db/owner'
import { readChunkedPackages } from '@/local-db/package-chunks'
import { applyPulledPackagesToChunks } from '@/local-db/package-store'
import { clearLocalData } from '@/local-db/wipe'
import { queueStatusChanges } from './queue'
import { deliveredPackageRow as row } from '../../tests/unit/package-rows'


let admin: DeviceOwner
beforeEach(async () => {
  await clearLocalData()
  admin = await takeOwnership('admin-1', 'admin')
})

const chunkedIds = async () => (await readChunkedPackages()).newest.map((pkg) => pkg.id)

it('an offline status change takes the package out into the rows, with the change on top until the server has it', async () => {
  await applyPulledPackagesToChunks('closed-packages', admin, [row('p1'), row('p2')], 'c1')
  expect(await queueStatusChanges('admin-1', ['p1'], 'disponible')).toBe(1)
  expect(await chunkedIds()).toEqual(['p2'])
  expect(await db.packages.get('p1')).toMatchObject({ status: 'disponible', serverStatus: 'entregado' })
  // The closed part brings it again before the change is sent: it stays a row, under the change.
  await applyPulledPackagesToChunks('closed-packages', admin, [row('p1', { version: 3 })], 'c2')
  expect(await chunkedIds()).toEqual(['p2'])
  expect(await db.packages.get('p1')).toMatchObject({ status: 'disponible', serverStatus: 'entregado', version: 3 })
})

