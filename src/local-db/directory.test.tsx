import { act, render } from '@testing-library/react'
import { beforeEach, expect, it, vi } from 'vitest'
import { customerOf, type CustomerTuple } from './customer-index'
import { db } from './db'
import { applyDirectoryChanges, DirectoryPull, keepCustomers, readDirectory, useDirectory } from './directory'
import { NotOwnerError, takeOwnership, type DeviceOwner } from './owner'
import { writePulledPage } from './pulled-page'
import { clearLocalData } from './wipe'

const tuple = (n: number, changes: Partial<Record<'email' | 'name', string>> = {}): CustomerTuple => [
  `${n.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`,
  `MIA${100000 + n}`,
  changes.email ?? `customer-${n}@example.com`,
  changes.name ?? `Cliente ${n}`,
  null,
  'basic',
  'user',
  null,
  new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(),
]

let owner: DeviceOwner

/** Every customer stored, bucket after bucket (not this tab's copy). */
const storedCustomers = async () => (await db.directory.toArray()).flatMap((bucket) => JSON.parse(bucket.customers) as CustomerTuple[])

beforeEach(async () => {
  await clearLocalData()
  owner = await takeOwnership('admin')
  // This tab's copy follows the wipe.
  await vi.waitFor(async () => expect((await readDirectory()).size).toBe(0))
})

it('keeps thousands of customers a few hundred to a record, with the checkpoint, and this tab finds them at once', async () => {
  const customers = Array.from({ length: 5000 }, (_, n) => tuple(n))
  await applyDirectoryChanges(owner, { customers, removed: [] }, '10:x')
  expect(await db.directory.count()).toBeLessThanOrEqual(128)
  expect((await db.directory.toArray()).reduce((sum, bucket) => sum + (JSON.parse(bucket.customers) as unknown[]).length, 0)).toBe(5000)
  expect((await db.syncState.get('directory'))?.checkpoint).toBe('10:x')
  const directory = await readDirectory()
  expect(directory.size).toBe(5000)
  expect(directory.exact('Suite MIA104321')?.email).toBe('customer-4321@example.com')
})

it("a first pull's pages are stored as they arrive, each with its checkpoint and found at once; a customer changed between two is stored once, as the later page has them", async () => {
  const pull = new DirectoryPull()
  await pull.write(owner, Array.from({ length: 300 }, (_, n) => tuple(n)), '11:x')
  expect((await db.syncState.get('directory'))?.checkpoint).toBe('11:x')
  expect(await storedCustomers()).toHaveLength(300)
  expect((await readDirectory()).exact('Suite MIA100299')?.email).toBe('customer-299@example.com')

  await pull.write(owner, [...Array.from({ length: 300 }, (_, n) => tuple(300 + n)), tuple(7, { name: 'Renamed Seven' })], '12:x')
  const stored = await storedCustomers()
  expect(stored).toHaveLength(600)
  expect(stored.filter((customer) => customer[0] === tuple(7)[0]).map((customer) => customer[3])).toEqual(['Renamed Seven'])
  expect((await db.syncState.get('directory'))?.checkpoint).toBe('12:x')
  const directory = await readDirectory()
  expect(directory.size).toBe(600)
  expect(directory.get(tuple(7)[0])?.full_name).toBe('Renamed Seven')
  expect(directory.exact('Suite MIA100599')?.email).toBe('customer-599@example.com')
})

it('a customer a first pull brought leaves when a later page of it removes them, and one changed again is stored once', async () => {
  const pull = new DirectoryPull()
  await pull.write(owner, Array.from({ length: 1000 }, (_, n) => tuple(n)), '11:x')
  await pull.write(owner, [...Array.from({ length: 1000 }, (_, n) => tuple(1000 + n)), { removed: tuple(9)[0] }, tuple(3, { email: 'three@example.com' })], '12:x')
  await pull.write(owner, [tuple(3, { email: 'third@example.com' }), { removed: 'never-here' }], '13:x')
  const stored = await storedCustomers()
  expect(stored).toHaveLength(1999)
  expect(stored.find((customer) => customer[0] === tuple(9)[0])).toBeUndefined()
  expect(stored.filter((customer) => customer[0] === tuple(3)[0]).map((customer) => customer[2])).toEqual(['third@example.com'])
  const directory = await readDirectory()
  expect(directory.size).toBe(1999)
  expect(directory.get(tuple(3)[0])?.email).toBe('third@example.com')
})

it("a first pull loses nothing another writer put in its buckets between two of its pages", async () => {
  const pull = new DirectoryPull()
  await pull.write(owner, Array.from({ length: 1000 }, (_, n) => tuple(n)), '11:x')
  const edited = { ...customerOf(tuple(5)), email: 'edited@example.com' }
  const newcomer = { ...edited, id: 'ffffffff-0000-4000-8000-000000000000', email: 'newcomer@example.com' }
  await keepCustomers(owner, [edited, newcomer])
  await pull.write(owner, Array.from({ length: 1000 }, (_, n) => tuple(1000 + n)), '12:x')
  await pull.write(owner, Array.from({ length: 1000 }, (_, n) => tuple(2000 + n)), '13:x')
  const stored = new Map((await storedCustomers()).map((customer) => [customer[0], customer]))
  expect(stored.size).toBe(3001)
  expect(stored.get(edited.id)?.[2]).toBe('edited@example.com')
  expect(stored.get(newcomer.id)?.[2]).toBe('newcomer@example.com')
})

it('a change replaces the customer and a removal drops them, in their bucket only', async () => {
  await applyDirectoryChanges(owner, { customers: [tuple(1), tuple(2), tuple(3)], removed: [] }, '10:x')
  await applyDirectoryChanges(owner, { customers: [tuple(2, { name: 'Renamed Two' })], removed: [tuple(3)[0]] }, '11:x')
  const directory = await readDirectory()
  expect(directory.get(tuple(2)[0])?.full_name).toBe('Renamed Two')
  expect(directory.get(tuple(3)[0])).toBeUndefined()
  const stored = (await db.directory.toArray()).flatMap((bucket) => (JSON.parse(bucket.customers) as CustomerTuple[]).map((customer) => customer[3]))
  expect(stored.sort()).toEqual(['Cliente 1', 'Renamed Two'])
})

it('two writes at once, as two tabs make them, lose nothing: a bucket changed meanwhile is worked out again', async () => {
  const customers = Array.from({ length: 5000 }, (_, n) => tuple(n))
  const edited = { id: tuple(77)[0], locker_code: 'MIA100077', email: 'edited@example.com', full_name: 'Edited', phone: null, plan: 'standard' as const, role: 'user' as const, avatar_path: null, created_at: '2026-01-01T00:00:00Z' }
  const newcomer = { ...edited, id: 'ffffffff-0000-4000-8000-000000000000', email: 'newcomer@example.com' }
  await Promise.all([applyDirectoryChanges(owner, { customers, removed: [] }, '10:x'), keepCustomers(owner, [newcomer])])
  await keepCustomers(owner, [edited])
  const stored = new Map((await db.directory.toArray()).flatMap((bucket) => (JSON.parse(bucket.customers) as CustomerTuple[]).map((customer) => [customer[0], customer] as const)))
  expect(stored.size).toBe(5001)
  expect(stored.get(newcomer.id)?.[2]).toBe('newcomer@example.com')
  expect(stored.get(edited.id)?.[2]).toBe('edited@example.com')
})

it("a tab's first read of the directory, begun before one of its writes landed, ends with that write", async () => {
  await applyDirectoryChanges(owner, { customers: Array.from({ length: 2000 }, (_, n) => tuple(n)), removed: [] }, '10:x')
  // The customer the first read of the buckets reads.
  const [first] = JSON.parse((await db.directory.orderBy('bucket').first())!.customers) as CustomerTuple[]
  // This module as a page that has not read the directory yet loads it.
  vi.resetModules()
  const page = await import('./directory')
  const reading = page.readDirectory()
  await page.applyDirectoryChanges(owner, { customers: [[...first!.slice(0, 3), 'Renamed First', ...first!.slice(4)] as CustomerTuple], removed: [] }, '11:x')
  await reading
  expect((await page.readDirectory()).get(first![0])?.full_name).toBe('Renamed First')
})

it('a page that arrives after the session ended writes nothing', async () => {
  await takeOwnership('someone-else')
  await expect(applyDirectoryChanges(owner, { customers: [tuple(1)], removed: [] }, '10:x')).rejects.toThrow(NotOwnerError)
  expect(await db.directory.count()).toBe(0)
  expect(await db.syncState.get('directory')).toBeUndefined()
})

it("another tab's pull is read again here, and screens re-render with it", async () => {
  await applyDirectoryChanges(owner, { customers: [tuple(1)], removed: [] }, '10:x')
  let sizes: (number | undefined)[] = []
  function Probe() {
    sizes.push(useDirectory()?.size)
    return null
  }
  render(<Probe />)
  await vi.waitFor(() => expect(sizes.at(-1)).toBe(1))
  sizes = []
  // As another tab writes: straight to IndexedDB, with the checkpoint it pulled to.
  await act(() => writePulledPage('directory', owner, '11:x', () => db.directory.put({ bucket: 0, customers: JSON.stringify([tuple(1), tuple(7)]) }).then(() => undefined)))
  await vi.waitFor(() => expect(sizes.at(-1)).toBe(2))
})

it('leaves with the rest of the data at sign-out', async () => {
  await keepCustomers(owner, [{ id: 'c', locker_code: 'MIA100009', email: 'c@example.com', full_name: 'C', phone: null, plan: 'premium', role: 'user', avatar_path: null, created_at: '2026-01-01T00:00:00Z' }])
  expect((await readDirectory()).get('c')?.plan).toBe('premium')
  await clearLocalData()
  expect(await db.directory.count()).toBe(0)
  await vi.waitFor(async () => expect((await readDirectory()).get('c')).toBeUndefined())
})
