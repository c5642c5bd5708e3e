import { customerOf, type Customer, type CustomerTuple } from './customer-index'
import { db, type DirectoryBucket } from './db'

// How the admin's directory is stored (docs/architecture.md, "The customer directory"). IndexedDB
// costs per record, not per byte, so customers are kept many to a record: 128 buckets by a hash of
// their id (about 400 customers, 55 KB, each at 50,000 customers), read and written whole, each
// bucket's customers as one JSON string: the browser copies a value it stores or reads item by item,
// and a string is one item where an array of tuples is four thousand.

const bucketCount = 128
function bucketOf(id: string): number {
  let hash = 0
  for (let i = 0; i < Math.min(8, id.length); i++) hash = (hash * 31 + id.charCodeAt(i)) | 0
  return (hash >>> 0) % bucketCount
}
/** A bucket's customers, from its JSON as stored (one string: see DirectoryBucket). */
const customersIn = (json: string | undefined): CustomerTuple[] => (json ? (JSON.parse(json) as CustomerTuple[]) : [])

/** Buckets read per task while loading, so no task deserializes the whole directory at once. */
const bucketsPerRead = 16

/** Every customer stored, by id, read a few buckets a task. */
export async function readStoredCustomers(): Promise<Map<string, Customer>> {
  const keys = await db.directory.toCollection().primaryKeys()
  const byId = new Map<string, Customer>()
  for (let start = 0; start < keys.length; start += bucketsPerRead) {
    for (const bucket of await db.directory.bulkGet(keys.slice(start, start + bucketsPerRead))) {
      for (const tuple of customersIn(bucket?.customers)) byId.set(tuple[0], customerOf(tuple))
    }
  }
  return byId
}

/** What a pull brings to the directory: customers new or changed, and the ids of those deleted. */
export interface DirectoryChanges {
  customers: CustomerTuple[]
  removed: string[]
}

/** Buckets JSON-encoded per task when a pull's changes are prepared: a first sync's fifty thousand customers never hold the page for long. */
const bucketsPerTask = 16

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * The buckets of `touched` as they will be once `changes` are made, worked out from what they hold
 * now (`held`, their JSON in the order of `touched`); changes to other buckets are left out. With
 * `between`, it lets other tasks run every few buckets.
 */
async function changedBuckets({ customers, removed }: DirectoryChanges, touched: number[], held: (string | undefined)[], between?: () => Promise<unknown>): Promise<DirectoryBucket[]> {
  const members = new Map(touched.map((bucket, i) => [bucket, new Map(customersIn(held[i]).map((tuple) => [tuple[0], tuple]))]))
  for (const tuple of customers) members.get(bucketOf(tuple[0]))?.set(tuple[0], tuple)
  for (const id of removed) members.get(bucketOf(id))?.delete(id)
  const changed: DirectoryBucket[] = []
  for (const [bucket, tuples] of members) {
    if (between && changed.length % bucketsPerTask === bucketsPerTask - 1) await between()
    changed.push({ bucket, customers: JSON.stringify([...tuples.values()]) })
  }
  return changed
}

/** What the buckets a write touches hold (their JSON, in the order of `touched`; undefined where none is stored), and the buckets it puts. */
export interface BucketsChange {
  before: (string | undefined)[]
  after: DirectoryBucket[]
}

/**
 * Writes customers into their buckets and drops the removed ones, in a transaction `write` opens
 * (it must include `db.directory`). The new buckets are worked out before it: by `known`, from what
 * the caller wrote there last, or from what they hold, between other tasks. In it, they are read
 * again, and should another writer (another tab, an admin's edit) have changed one meanwhile,
 * worked out anew there (a transaction cannot wait for other tasks). Resolves to the change as
 * worked out before, or null when it was worked out anew.
 */
export async function writeChanges(changes: DirectoryChanges, write: (put: () => Promise<void>) => Promise<void>, known?: (touched: number[]) => Promise<BucketsChange>): Promise<BucketsChange | null> {
  const touched = [...new Set([...changes.customers.map((tuple) => bucketOf(tuple[0])), ...changes.removed.map(bucketOf)])]
  const expected = known ? await known(touched) : await workedOut(changes, touched)
  let asExpected = true
  await write(async () => {
    const now = (await db.directory.bulkGet(touched)).map((bucket) => bucket?.customers)
    asExpected = now.every((json, i) => json === expected.before[i])
    await db.directory.bulkPut(asExpected ? expected.after : await changedBuckets(changes, touched, now))
  })
  return asExpected ? expected : null
}

async function workedOut(changes: DirectoryChanges, touched: number[]): Promise<BucketsChange> {
  const before = (await db.directory.bulkGet(touched)).map((bucket) => bucket?.customers)
  return { before, after: await changedBuckets(changes, touched, before, nextTask) }
}

/**
 * The buckets of a directory one pull fills from empty, as it wrote them. The customers of each page
 * are sorted into their buckets and encoded as the page arrives (`hold`), while the next one is on
 * its way; a write adds them at the end of each bucket's JSON as last written (`change`), so no
 * bucket is read back and parsed again. A bucket one of whose customers changes again or leaves is
 * worked out whole from what this holds.
 */
export class FilledBuckets {
  readonly #json = new Map<number, string>()
  /** The customers written or held, to tell a change to one of them from a newcomer. */
  readonly #ids = new Set<string>()
  #held: DirectoryChanges = { customers: [], removed: [] }
  /** Per bucket, the JSON of the customers held for it, a page at a time, without the array's brackets. */
  readonly #parts = new Map<number, string[]>()
  readonly #reworked = new Set<number>()

  hold(changes: DirectoryChanges): void {
    this.#held.customers.push(...changes.customers)
    this.#held.removed.push(...changes.removed)
    for (const [id] of changes.customers) {
      if (this.#ids.has(id)) this.#reworked.add(bucketOf(id))
      this.#ids.add(id)
    }
    for (const id of changes.removed) {
      if (this.#ids.delete(id)) this.#reworked.add(bucketOf(id))
    }
    const added = new Map<number, CustomerTuple[]>()
    for (const tuple of changes.customers) {
      const bucket = bucketOf(tuple[0])
      const tuples = added.get(bucket)
      if (tuples) tuples.push(tuple)
      else added.set(bucket, [tuple])
    }
    for (const [bucket, tuples] of added) {
      if (this.#reworked.has(bucket)) continue
      const parts = this.#parts.get(bucket)
      const json = JSON.stringify(tuples).slice(1, -1)
      if (parts) parts.push(json)
      else this.#parts.set(bucket, [json])
    }
  }

  /** What the buckets the held customers touch hold (as last written), and what they will hold with them. */
  async change(touched: number[]): Promise<BucketsChange> {
    const after: DirectoryBucket[] = []
    for (const [bucket, parts] of this.#parts) {
      if (this.#reworked.has(bucket)) continue
      const written = this.#json.get(bucket)
      after.push({ bucket, customers: written && written !== '[]' ? `${written.slice(0, -1)},${parts.join(',')}]` : `[${parts.join(',')}]` })
    }
    const reworked = [...this.#reworked]
    after.push(...(await changedBuckets(this.#held, reworked, reworked.map((bucket) => this.#json.get(bucket)))))
    return { before: touched.map((bucket) => this.#json.get(bucket)), after }
  }

  /** The held customers went in as `change` worked them out. */
  keep(after: DirectoryBucket[]): void {
    for (const { bucket, customers } of after) this.#json.set(bucket, customers)
    this.#held = { customers: [], removed: [] }
    this.#parts.clear()
    this.#reworked.clear()
  }
}
