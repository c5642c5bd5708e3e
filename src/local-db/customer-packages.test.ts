import { beforeEach, describe, expect, it } from 'vitest'
import { db } from './db'
import { takeOwnership, type DeviceOwner } from './owner'
import { compactCustomerPackages, readChunkedPackages } from './package-chunks'
import { applyPulledPackagesToChunks } from './package-store'
import { countCustomerPackages, readCustomerPackages, readShippablePackages } from './queries'
import type { PackageRow, ShipmentRow } from './rows'
import { clearLocalData } from './wipe'
import { deliveredPackageRow } from '../../tests/unit/package-rows'

// A customer's packages are pulled into records of up to a thousand (package-chunks.ts), and every
// screen of theirs reads them there and in `packages` (rows an older version of the app stored).

const customerId = 'customer-1'
const minute = (n: number) => new Date(Date.parse('2026-11-20T12:00:00Z') + n * 60_000).toISOString()
/** Package `n`, changed at minute `n`: at the warehouse when even, delivered when odd. */
const pulled = (n: number, changes: Partial<PackageRow> = {}) => deliveredPackageRow(`p${n}`, { status: n % 2 ? 'entregado' : 'recibido', updated_at: minute(n), ...changes })
const ids = (packages: readonly { id: string }[]) => packages.map((pkg) => pkg.id)

let customer: DeviceOwner
beforeEach(async () => {
  await clearLocalData()
  customer = await takeOwnership(customerId)
})

/** Pages of the customer's pull, written as the sync engine writes them (its packageStream). */
async function pull(...pages: PackageRow[][]) {
  for (const [i, rows] of pages.entries()) await applyPulledPackagesToChunks('packages', customer, rows, `checkpoint-${i}`)
}

describe("a customer's packages, many to a record", () => {
  it('are stored a page to a record, and listed, counted and offered for shipping from there', async () => {
    await pull(Array.from({ length: 1000 }, (_, i) => pulled(i)), [pulled(1000), pulled(1001)])
    expect(await db.packageChunks.count()).toBe(2)
    expect(await db.packages.count()).toBe(0)

    expect(ids(await readCustomerPackages(customerId, 3))).toEqual(['p1001', 'p1000', 'p999'])
    expect(await countCustomerPackages(customerId)).toBe(1002)
    // At the warehouse and in no open shipment, oldest first.
    await db.shipments.put({ id: 'open-shipment', user_id: customerId, status: 'solicitado', package_ids: ['p0', 'p4'], updated_at: minute(2000) } as unknown as ShipmentRow)
    const shippable = await readShippablePackages(customerId)
    expect(shippable).toHaveLength(501 - 2)
    expect(ids(shippable.slice(0, 3))).toEqual(['p2', 'p6', 'p8'])
    expect(shippable.at(-1)?.id).toBe('p1000')
  })

  it('replace an earlier copy, leave when deleted, and merge with rows stored as rows before', async () => {
    // An older version of the app kept them as rows: those stay until the server changes them.
    await db.packages.bulkPut([pulled(90), pulled(91)].map(({ deleted_at: _, ...row }) => row))
    await pull([pulled(1), pulled(2), pulled(3)])
    await pull([pulled(2, { status: 'transito', updated_at: minute(100) }), pulled(3, { deleted_at: minute(101) }), pulled(91, { status: 'aduana', updated_at: minute(102) })])

    expect(ids(await readCustomerPackages(customerId, 10))).toEqual(['p91', 'p2', 'p90', 'p1'])
    expect((await readCustomerPackages(customerId, 10)).map((pkg) => pkg.status)).toEqual(['aduana', 'transito', 'recibido', 'entregado'])
    expect(await db.packages.toCollection().primaryKeys()).toEqual(['p90'])
    expect(await countCustomerPackages(customerId)).toBe(4)
    expect(ids(await readShippablePackages(customerId))).toEqual(['p90'])
  })

  it('are rewritten without the copies later changes replaced, once those are many', async () => {
    const all = Array.from({ length: 1500 }, (_, i) => pulled(i))
    await pull(all.slice(0, 1000), all.slice(1000))
    // The first thousand change five times over, a page at a time: each round's copies fill a record of their own.
    for (let round = 1; round <= 5; round++) {
      for (let start = 0; start < 1000; start += 100) await pull(all.slice(start, start + 100).map((row) => ({ ...row, status: 'transito', version: 2 + round, updated_at: minute(round * 5000 + Number(row.id.slice(1))) })))
    }
    const before = await db.packageChunks.count()
    expect(before).toBeGreaterThan(Math.ceil(1500 / 1000) + 4)
    const listed = await readCustomerPackages(customerId, Infinity)

    await compactCustomerPackages(customer)
    expect(await db.packageChunks.count()).toBe(2)
    expect((await readChunkedPackages()).size).toBe(1500)
    expect(await readCustomerPackages(customerId, Infinity)).toEqual(listed)
    await compactCustomerPackages(customer)
    expect(await db.packageChunks.count()).toBe(2)
  })
})
