import Dexie from 'dexie'
import { useEffect, useSyncExternalStore } from 'react'
import { CustomerIndex, customerOf, tupleOf, type Customer, type CustomerTuple } from './customer-index'
import { db } from './db'
import { FilledBuckets, readStoredCustomers, writeChanges, type DirectoryChanges } from './directory-buckets'
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
 * How long a pull of the directory holds the pages that arrived before it writes them. Writing a
 * page rewrites its buckets whole, at 50,000 customers several megabytes each time, so a pull that
 * arrives quickly writes once, after its last page; one that takes long writes what it has every
 * few seconds, so customers that arrived are stored, and found, while the rest come.
 */
export const directoryWriteEveryMs = 5000

/**
 * A pull of the directory. Its pages are held as they arrive and written together, with the
 * checkpoint of the latest: after the last page, when the pull is cut (`flush`: a request failed
 * or stopped moving), and once `directoryWriteEveryMs` has passed since the pull last wrote. A pull
 * cut at any point resumes after the pages written, and the customers that arrived are on the
 * device meanwhile. Into a directory that held nothing (a first pull) the customers are added to the
 * buckets as the pull wrote them (FilledBuckets) instead of the buckets being read back; once
 * another writer has changed a bucket, or when the directory held customers, each write is worked
 * out from what its buckets hold.
 */
export class DirectoryPull {
  readonly #forget: (removed: readonly string[]) => Promise<void>
  #filled: FilledBuckets | null | undefined
  #held: { changes: DirectoryChanges; checkpoint: string | null } | null = null
  #writtenAt = performance.now()

  /** `forget` is given the removed customers in each write's transaction. */
  constructor(forget: (removed: readonly string[]) => Promise<void> = async () => {}) {
    this.#forget = forget
  }

  /** A page that arrived, with its checkpoint; `last` when no page follows it in this pull. */
  async add(owner: DeviceOwner, rows: readonly DirectoryRow[], checkpoint: string | null, last: boolean): Promise<void> {
    if (this.#filled === undefined) this.#filled = (await db.directory.count()) === 0 ? new FilledBuckets() : null
    const changes = changesIn(rows)
    this.#filled?.hold(changes)
    const held = (this.#held ??= { changes: { customers: [], removed: [] }, checkpoint })
    held.changes.customers.push(...changes.customers)
    held.changes.removed.push(...changes.removed)
    held.checkpoint = checkpoint
    if (last || performance.now() - this.#writtenAt >= directoryWriteEveryMs) await this.flush(owner)
  }

  /**
   * Writes the pages held with the latest checkpoint, in one transaction (dropped whole once
   * `owner`'s session is over); this tab's copy follows.
   */
  async flush(owner: DeviceOwner): Promise<void> {
    if (!this.#held) return
    const { changes, checkpoint } = this.#held
    const filled = this.#filled
    // Removed customers take their packages, prealerts and shipments with them; a write without any holds the directory alone.
    const tables = changes.removed.length > 0 ? db.dataTables : [db.directory]
    const made = await writeChanges(
      changes,
      (put) => writePulledPage('directory', owner, checkpoint, () => Promise.all([put(), this.#forget(changes.removed)]).then(() => {}), tables),
      filled ? (touched) => filled.change(touched) : undefined,
    )
    if (filled && made) filled.keep(made.after)
    else this.#filled = null
    this.#held = null
    this.#writtenAt = performance.now()
    await follow(changes.customers.map(customerOf), changes.removed, checkpoint)
  }
}

/** Writes pulled changes of the directory with their checkpoint (see DirectoryPull). */
export async function applyDirectoryChanges(owner: DeviceOwner, changes: DirectoryChanges, checkpoint: string | null): Promise<void> {
  await new DirectoryPull().add(owner, [...changes.customers, ...changes.removed.map((removed) => ({ removed }))], checkpoint, true)
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
