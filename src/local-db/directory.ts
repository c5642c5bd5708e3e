import Dexie from 'dexie'
import { useEffect, useSyncExternalStore } from 'react'
import { CustomerIndex, customerOf, tupleOf, type Customer, type CustomerTuple } from './customer-index'
import { db } from './db'
import { readStoredCustomers, WrittenBuckets, writeChanges, type DirectoryChanges } from './directory-buckets'
import { assertOwner, type DeviceOwner } from './owner'
import { writePulledPage } from './pulled-page'

export type { Customer, CustomerTuple, DirectoryChanges }

// The admin's directory of every customer (docs/architecture.md, "The customer directory"), stored
// many to a record (directory-buckets.ts). Screens search it in memory: it is loaded once per tab and kept current by this tab's writes, and
// read again when another tab's pull changed it.

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
  const directory = new CustomerDirectory(await readStoredCustomers())
  publish(directory, checkpoint)
  return directory
}

// This tab's copy changes one step at a time, in the order the steps were asked for: a load that
// read the buckets before one of this tab's writes is published before that write's changes are
// laid over it, never after them.
let steps: Promise<unknown> = Promise.resolve()
function inTurn<T>(step: () => T | Promise<T>): Promise<T> {
  const done = steps.then(step)
  steps = done.catch(() => undefined)
  return done
}

function reload(): Promise<CustomerDirectory> {
  const reading: Promise<CustomerDirectory> = inTurn(load).finally(() => {
    if (loading === reading) loading = undefined
  })
  loading = reading
  return reading
}

/** This tab wrote these changes: its copy, once loaded, takes them. */
function follow(customers: Iterable<Customer>, removed: Iterable<string>, checkpoint?: string | null): Promise<void> {
  return inTurn(() => {
    if (current) publish(current.with(customers, removed), checkpoint === undefined ? currentCheckpoint : checkpoint)
  })
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

const changesIn = (rows: readonly DirectoryRow[]): DirectoryChanges => ({
  customers: rows.filter((row) => Array.isArray(row)),
  removed: rows.flatMap((row) => (Array.isArray(row) ? [] : [row.removed])),
})

/**
 * A pull of the directory, written a page at a time as its pages arrive, each with its checkpoint:
 * a pull cut at any point resumes after the last page written, and the customers that arrived are
 * on the device, searchable, meanwhile. Into a directory that held nothing (a first pull) the pull
 * adds each page's customers to the buckets as it wrote them (WrittenBuckets) instead of reading
 * them back; once another writer has changed a bucket, or when the directory held customers, each
 * page is worked out from what its buckets hold.
 */
export class DirectoryPull {
  /** The buckets as this pull wrote them, while it is the only writer of a directory it found empty; null otherwise. */
  #written: WrittenBuckets | null | undefined

  /**
   * Writes a page with its checkpoint, in one transaction (dropped whole once `owner`'s session is
   * over), with `forget` given the removed customers in it; this tab's copy follows.
   */
  async write(owner: DeviceOwner, rows: readonly DirectoryRow[], checkpoint: string | null, forget: (removed: readonly string[]) => Promise<void> = async () => {}): Promise<void> {
    const changes = changesIn(rows)
    this.#written ??= (await db.directory.count()) === 0 ? new WrittenBuckets() : null
    const written = this.#written
    // Removed customers take their packages, prealerts and shipments with them; a page without any holds the directory alone.
    const tables = changes.removed.length > 0 ? db.dataTables : [db.directory]
    const made = await writeChanges(
      changes,
      (put) => writePulledPage('directory', owner, checkpoint, () => Promise.all([put(), forget(changes.removed)]).then(() => {}), tables),
      written ? (touched) => written.change(changes, touched) : undefined,
    )
    if (written && made) written.keep(changes, made.after)
    else this.#written = null
    await follow(changes.customers.map(customerOf), changes.removed, checkpoint)
  }
}

/** Writes pulled changes of the directory with their checkpoint (see DirectoryPull). */
export async function applyDirectoryChanges(owner: DeviceOwner, changes: DirectoryChanges, checkpoint: string | null): Promise<void> {
  await new DirectoryPull().write(owner, [...changes.customers, ...changes.removed.map((removed) => ({ removed }))], checkpoint)
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
  await follow(customers, [])
}
