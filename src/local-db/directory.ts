import Dexie from 'dexie'
import { useEffect, useSyncExternalStore } from 'react'
import { CustomerIndex, customerOf, tupleOf, type Customer, type CustomerTuple } from './customer-index'
import { db, type DirectoryBucket } from './db'
import { assertOwner, type DeviceOwner } from './owner'
import { writePulledPage } from './pulled-page'

export type { Customer, CustomerTuple }

// The admin's directory of every customer (docs/architecture.md, "The customer directory"). IndexedDB
// costs per record, not per byte, so customers are kept many to a record: 128 buckets by a hash of
// their id (about 400 customers, 55 KB, each at 50,000 customers), read and written whole, each
// bucket's customers as one JSON string: the browser copies a value it stores or reads item by item,
// and a string is one item where an array of tuples is four thousand.
// Screens search it in memory: it is loaded once per tab and kept current by this tab's writes, and
// read again when another tab's pull changed it.

const bucketCount = 128
function bucketOf(id: string): number {
  let hash = 0
  for (let i = 0; i < Math.min(8, id.length); i++) hash = (hash * 31 + id.charCodeAt(i)) | 0
  return (hash >>> 0) % bucketCount
}
/** Buckets read per task while loading, so no task deserializes the whole directory at once. */
const bucketsPerRead = 16

/** What a pull brings to the directory: customers new or changed, and the ids of those deleted. */
export interface DirectoryChanges {
  customers: CustomerTuple[]
  removed: string[]
}

/** A bucket's customers, as it stores them (one string: see DirectoryBucket). */
const customersIn = (bucket: DirectoryBucket | undefined): CustomerTuple[] => (bucket ? (JSON.parse(bucket.customers) as CustomerTuple[]) : [])

/** Buckets JSON-encoded per task when a pull's changes are prepared: a first sync's fifty thousand customers never hold the page for long. */
const bucketsPerTask = 16

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * The buckets `changes` touch as they will be once changed, worked out from what they hold now
 * (`held`, in the order of `touched`). With `between`, it lets other tasks run every few buckets.
 */
async function changedBuckets({ customers, removed }: DirectoryChanges, touched: number[], held: (DirectoryBucket | undefined)[], between?: () => Promise<unknown>): Promise<DirectoryBucket[]> {
  const members = new Map(touched.map((bucket, i) => [bucket, new Map(customersIn(held[i]).map((tuple) => [tuple[0], tuple]))]))
  for (const tuple of customers) members.get(bucketOf(tuple[0]))!.set(tuple[0], tuple)
  for (const id of removed) members.get(bucketOf(id))!.delete(id)
  const changed: DirectoryBucket[] = []
  for (const [bucket, tuples] of members) {
    if (between && changed.length % bucketsPerTask === bucketsPerTask - 1) await between()
    changed.push({ bucket, customers: JSON.stringify([...tuples.values()]) })
  }
  return changed
}

/**
 * Writes customers into their buckets and drops the removed ones, in a transaction `write` opens
 * (it must include `db.directory`). The new buckets are worked out before it, between other tasks;
 * in it, they are read again, and should another tab have changed one meanwhile, worked out anew
 * there (a transaction cannot wait for other tasks).
 */
async function writeChanges(changes: DirectoryChanges, write: (put: () => Promise<void>) => Promise<void>, intoEmpty?: () => DirectoryBucket[]): Promise<void> {
  const touched = [...new Set([...changes.customers.map((tuple) => bucketOf(tuple[0])), ...changes.removed.map(bucketOf)])]
  const before = await db.directory.bulkGet(touched)
  const prepared = intoEmpty && before.every((bucket) => bucket === undefined) ? intoEmpty() : await changedBuckets(changes, touched, before, nextTask)
  await write(async () => {
    const now = await db.directory.bulkGet(touched)
    const unchanged = now.every((bucket, i) => bucket?.customers === before[i]?.customers)
    await db.directory.bulkPut(unchanged ? prepared : await changedBuckets(changes, touched, now))
  })
}

/** The directory as one tab holds it in memory: every customer by id, searched through CustomerIndex. */
export class CustomerDirectory extends CustomerIndex {
  /** How many customers are `which`. */
  count(which: (customer: Customer) => boolean): number {
    let count = 0
    for (const customer of this.values()) if (which(customer)) count++
    return count
  }
  /** A new directory with these customers changed and these removed (this one stays as it was: screens compare by identity). */
  with(customers: Iterable<Customer>, removed: Iterable<string>): CustomerDirectory {
    const byId = new Map(Array.from(this.values(), (customer) => [customer.id, customer]))
    for (const customer of customers) byId.set(customer.id, customer)
    for (const id of removed) byId.delete(id)
    return new CustomerDirectory(byId)
  }
}

// This tab's copy, shared by every screen and query.
let current: CustomerDirectory | undefined
/** The directory's checkpoint `current` reflects: a change made by another tab moves it. */
let currentCheckpoint: string | null | undefined
let loading: Promise<CustomerDirectory> | undefined
const listeners = new Set<() => void>()

function publish(directory: CustomerDirectory, checkpoint: string | null | undefined) {
  current = directory
  currentCheckpoint = checkpoint
  for (const listener of listeners) listener()
}

const directoryCheckpoint = async () => (await db.syncState.get('directory'))?.checkpoint ?? null

async function load(): Promise<CustomerDirectory> {
  const checkpoint = await directoryCheckpoint()
  const keys = await db.directory.toCollection().primaryKeys()
  const byId = new Map<string, Customer>()
  for (let start = 0; start < keys.length; start += bucketsPerRead) {
    for (const bucket of await db.directory.bulkGet(keys.slice(start, start + bucketsPerRead))) {
      for (const tuple of customersIn(bucket)) byId.set(tuple[0], customerOf(tuple))
    }
  }
  const directory = new CustomerDirectory(byId)
  publish(directory, checkpoint)
  return directory
}

function reload(): Promise<CustomerDirectory> {
  loading = load().finally(() => (loading = undefined))
  return loading
}

let watching = false
/** Another tab's pull (or a sign-out, anywhere) changed the stored directory: read it again. Ours are in `current` already. */
function watchStorage() {
  if (watching) return
  watching = true
  const prefix = `idb://${db.name}/directory/`
  let timer: ReturnType<typeof setTimeout> | undefined
  Dexie.on.storagemutated.subscribe((parts) => {
    if (!Object.keys(parts).some((part) => part.startsWith(prefix))) return
    clearTimeout(timer)
    timer = setTimeout(() => {
      void directoryCheckpoint().then((checkpoint) => {
        if (checkpoint !== currentCheckpoint || checkpoint === null) void reload()
      })
    }, 50)
  })
}

/** This tab's directory, loaded the first time it is asked for. */
export function readDirectory(): Promise<CustomerDirectory> {
  watchStorage()
  if (current) return Promise.resolve(current)
  return loading ?? reload()
}

/** Calls `listener` whenever this tab's directory changes. Returns `stop`. */
export function onDirectoryChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The directory for a screen: undefined while it loads, then re-rendered whenever it changes. */
export function useDirectory(): CustomerDirectory | undefined {
  const directory = useSyncExternalStore(onDirectoryChange, () => current)
  useEffect(() => void readDirectory(), [])
  return directory
}

/** One customer from the directory: undefined while it loads, null when there is none. */
export function useCustomer(id: string | null): Customer | null | undefined {
  const directory = useDirectory()
  if (!id) return null
  return directory ? (directory.get(id) ?? null) : undefined
}

/** A pulled customer, or the id of one deleted. */
export type DirectoryRow = CustomerTuple | { removed: string }

/**
 * A pull's pages of the directory, held until its last page and then written together, so each
 * bucket is written once rather than once a page. The work a page brings is done when it arrives,
 * while the next one is on its way: its customers sorted into their buckets and encoded there, as
 * this tab's copy will hold them. After the last page only the write is left when the buckets were
 * empty (a first pull); otherwise they are worked out from what they hold.
 */
export class DirectoryPull {
  readonly #changes: DirectoryChanges = { customers: [], removed: [] }
  readonly #customers = new Map<string, Customer>()
  /** Per bucket, its customers' JSON, a page at a time, without the array's brackets. */
  readonly #encoded = new Map<number, string[]>()
  /** A customer in two pages (changed during the pull), or a removal: the buckets are worked out whole. */
  #simple = true

  add(rows: readonly DirectoryRow[]): void {
    const byBucket = new Map<number, CustomerTuple[]>()
    for (const row of rows) {
      if (!Array.isArray(row)) {
        this.#changes.removed.push(row.removed)
        this.#simple = false
        continue
      }
      this.#changes.customers.push(row)
      if (this.#customers.has(row[0])) this.#simple = false
      this.#customers.set(row[0], customerOf(row))
      const bucket = bucketOf(row[0])
      const tuples = byBucket.get(bucket)
      if (tuples) tuples.push(row)
      else byBucket.set(bucket, [row])
    }
    if (!this.#simple) return
    for (const [bucket, tuples] of byBucket) {
      const encoded = this.#encoded.get(bucket)
      const json = JSON.stringify(tuples).slice(1, -1)
      if (encoded) encoded.push(json)
      else this.#encoded.set(bucket, [json])
    }
  }

  /**
   * Writes what the pages brought with the pull's checkpoint, in one transaction (dropped whole once
   * `owner`'s session is over), with `forget` given the removed customers in it; this tab's copy follows.
   */
  async write(owner: DeviceOwner, checkpoint: string | null, forget: (removed: readonly string[]) => Promise<void> = async () => {}): Promise<void> {
    const intoEmpty = this.#simple ? () => Array.from(this.#encoded, ([bucket, parts]) => ({ bucket, customers: `[${parts.join(',')}]` })) : undefined
    const removed = this.#changes.removed
    await writeChanges(this.#changes, (put) => writePulledPage('directory', owner, checkpoint, () => Promise.all([put(), forget(removed)]).then(() => {})), intoEmpty)
    if (current) publish(current.with(this.#customers.values(), removed), checkpoint)
  }
}

/** Writes pulled changes of the directory with their checkpoint (see DirectoryPull). */
export async function applyDirectoryChanges(owner: DeviceOwner, changes: DirectoryChanges, checkpoint: string | null): Promise<void> {
  const pull = new DirectoryPull()
  pull.add([...changes.customers, ...changes.removed.map((removed) => ({ removed }))])
  await pull.write(owner, checkpoint)
}

/** Customers saved on this device (an admin's edit, answered by the server): written at once; the next pull brings them too. */
export async function keepCustomers(owner: DeviceOwner | string, customers: Customer[]): Promise<void> {
  const changes = { customers: customers.map(tupleOf), removed: [] }
  await writeChanges(changes, (put) =>
    db.transaction('rw', db.directory, db.owner, async () => {
      await assertOwner(owner)
      await put()
    }),
  )
  if (current) publish(current.with(customers, []), currentCheckpoint)
}
