import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { customerOf, type CustomerTuple } from './customer-index'
import { db } from './db'
import { applyDirectoryChanges, DirectoryPull, directoryWriteEveryMs, keepCustomers, readDirectory, useDirectory } from './directory'
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

describe('a pull of the directory', () => {
  // The pull writes what it held once enough time has passed: its clock moves only when a test says.
  beforeEach(() => void vi.useFakeTimers({ toFake: ['performance'] }))
  afterEach(() => void vi.useRealTimers())

  const page = (from: number, count: number) => Array.from({ length: count }, (_, n) => tuple(from + n))

  it('holds the pages that arrive together and writes them with the last, a customer changed between two stored once, as the later page has them', async () => {
    const pull = new DirectoryPull()
    await pull.add(owner, page(0, 300), '11:x', false)
    expect(await db.directory.count()).toBe(0)
    expect(await db.syncState.get('directory')).toBeUndefined()

    await pull.add(owner, [...page(300, 300), tuple(7, { name: 'Renamed Seven' })], '12:x', true)
    const stored = await storedCustomers()
    expect(stored).toHaveLength(600)
    expect(stored.filter((customer) => customer[0] === tuple(7)[0]).map((customer) => customer[3])).toEqual(['Renamed Seven'])
    expect((await db.syncState.get('directory'))?.checkpoint).toBe('12:x')
    const directory = await readDirectory()
    expect(directory.size).toBe(600)
    expect(directory.get(tuple(7)[0])?.full_name).toBe('Renamed Seven')
    expect(directory.exact('Suite MIA100599')?.email).toBe('customer-599@example.com')
  })

  it(`writes what it holds when a page arrives ${directoryWriteEveryMs / 1000} s after it last wrote, and this tab finds those customers at once`, async () => {
    const pull = new DirectoryPull()
    await pull.add(owner, page(0, 300), '11:x', false)
    vi.advanceTimersByTime(directoryWriteEveryMs)
    await pull.add(owner, page(300, 300), '12:x', false)
    expect(await storedCustomers()).toHaveLength(600)
    expect((await db.syncState.get('directory'))?.checkpoint).toBe('12:x')
    expect((await readDirectory()).exact('Suite MIA100599')?.email).toBe('customer-599@example.com')

    await pull.add(owner, page(600, 300), '13:x', false)
    expect(await storedCustomers()).toHaveLength(600)
    await pull.add(owner, page(900, 300), '14:x', true)
    expect(await storedCustomers()).toHaveLength(1200)
    expect((await db.syncState.get('directory'))?.checkpoint).toBe('14:x')
  })

  it('writes the pages it holds when it is cut, with the checkpoint of the latest', async () => {
    const pull = new DirectoryPull()
    await pull.add(owner, page(0, 300), '11:x', false)
    await pull.add(owner, page(300, 300), '12:x', false)
    await pull.flush(owner)
    expect(await storedCustomers()).toHaveLength(600)
    expect((await db.syncState.get('directory'))?.checkpoint).toBe('12:x')
    expect((await readDirectory()).size).toBe(600)
  })

  it('drops a customer a write of it stored when a later page removes them, and stores one changed again once', async () => {
    const pull = new DirectoryPull()
    await pull.add(owner, page(0, 1000), '11:x', false)
    await pull.flush(owner)
    await pull.add(owner, [...page(1000, 1000), { removed: tuple(9)[0] }, tuple(3, { email: 'three@example.com' })], '12:x', false)
    await pull.flush(owner)
    await pull.add(owner, [tuple(3, { email: 'third@example.com' }), { removed: 'never-here' }], '13:x', true)
    const stored = await storedCustomers()
    expect(stored).toHaveLength(1999)
    expect(stored.find((customer) => customer[0] === tuple(9)[0])).toBeUndefined()
    expect(stored.filter((customer) => customer[0] === tuple(3)[0]).map((customer) => customer[2])).toEqual(['third@example.com'])
    const directory = await readDirectory()
    expect(directory.size).toBe(1999)
    expect(directory.get(tuple(3)[0])?.email).toBe('third@example.com')
  })

  it('loses nothing another writer put in its buckets between two of its writes', async () => {
    const pull = new DirectoryPull()
    await pull.add(owner, page(0, 1000), '11:x', false)
    await pull.flush(owner)
    const edited = { ...customerOf(tuple(5)), email: 'edited@example.com' }
    const newcomer = { ...edited, id: 'ffffffff-0000-4000-8000-000000000000', email: 'newcomer@example.com' }
    await keepCustomers(owner, [edited, newcomer])
    await pull.add(owner, page(1000, 1000), '12:x', false)
    await pull.flush(owner)
    await pull.add(owner, page(2000, 1000), '13:x', true)
    const stored = new Map((await storedCustomers()).map((customer) => [customer[0], customer]))
    expect(stored.size).toBe(3001)
    expect(stored.get(edited.id)?.[2]).toBe('edited@example.com')
    expect(stored.get(newcomer.id)?.[2]).toBe('newcomer@example.com')
  })
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
