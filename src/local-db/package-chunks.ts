import { db, type LocalPackage } from './db'
import { assertOwner, type DeviceOwner } from './owner'

// Packages kept many to a record (docs/architecture.md, "The read model" and "The admin's working set"), as
// IndexedDB costs per record: on an admin's device those that closed in the last 30 days (lists,
// searches and reports only read them); on a customer's, all of theirs (a customer never changes a
// package, and a first pull of thousands writes a handful of records). A chunk holds up to a thousand,
// one per page of the pull, and they are read in memory. Every other package is a row of `packages`
// (package-store.ts decides which, and keeps a package in one place or the other).
//
// Chunks are written, never changed: a later chunk's packages replace an earlier one's, and its
// `removed` ids take earlier ones out (a package reopened, deleted or changed here). The trim
// rewrites the chunks without what left the working set; a customer's, without the replaced copies.

/** Packages a chunk holds before a write starts the next one: a page of the pull. */
const chunkSize = 1000

interface ChunkContent {
  rows: LocalPackage[]
  removed: string[]
}

/** The chunks' packages as this tab last read them. */
export interface ChunkedPackages {
  get(id: string): LocalPackage | undefined
  readonly size: number
  /** Every one, most recently changed first. */
  readonly newest: readonly LocalPackage[]
}

interface View extends ChunkedPackages {
  /** The chunks' keys, in order. */
  keys: string[]
}

// Chunks as this tab parsed them, by key (a key is never reused for other content), and the view they make.
const parsed = new Map<string, ChunkContent>()
let view: View | undefined

const byNewest = (a: LocalPackage, b: LocalPackage) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0)

/** Merges two lists each most recently changed first into one, `limit` at most: rows and the chunks' packages. */
export function newestOf(a: readonly LocalPackage[], b: readonly LocalPackage[], limit = a.length + b.length): LocalPackage[] {
  const merged: LocalPackage[] = []
  let i = 0
  let j = 0
  while (merged.length < limit && (i < a.length || j < b.length)) merged.push(j >= b.length || (i < a.length && a[i]!.updated_at >= b[j]!.updated_at) ? a[i++]! : b[j++]!)
  return merged
}

/**
 * The chunks' packages as stored now (inside a transaction holding packageChunks, as that transaction
 * sees them): only chunks this tab has not parsed yet are read. Subscribes a live query to them.
 */
export const readChunkedPackages: () => Promise<ChunkedPackages> = readView

async function readView(): Promise<View> {
  const keys = (await db.packageChunks.toCollection().primaryKeys()) as string[]
  if (view && view.keys.length === keys.length && view.keys.every((key, i) => key === keys[i])) return view
  const missing = keys.filter((key) => !parsed.has(key))
  const chunks = await db.packageChunks.bulkGet(missing)
  chunks.forEach((chunk, i) => chunk && parsed.set(missing[i]!, { rows: JSON.parse(chunk.rows) as LocalPackage[], removed: chunk.removed }))
  const kept = new Set(keys)
  for (const key of parsed.keys()) if (!kept.has(key)) parsed.delete(key)
  const packages = new Map<string, LocalPackage>()
  for (const key of keys) {
    const content = parsed.get(key)
    if (!content) continue
    for (const id of content.removed) packages.delete(id)
    for (const row of content.rows) packages.set(row.id, row)
  }
  // Sorted when first asked for: a pull's writes read the view after every page, and never need it.
  let newest: LocalPackage[] | undefined
  view = {
    keys,
    get: (id) => packages.get(id),
    size: packages.size,
    get newest() {
      return (newest ??= [...packages.values()].sort(byNewest))
    },
  }
  return view
}

/** The key after `last`'s (or the first), and `last`'s again to rewrite it: ordered by a counter, unique by a random tail. */
function chunkKey(last: string | undefined, same = false): string {
  const counter = last ? Number.parseInt(last.slice(0, 12), 36) + (same ? 0 : 1) : 0
  return `${counter.toString(36).padStart(12, '0')}-${crypto.randomUUID()}`
}

async function putChunk(key: string, content: ChunkContent) {
  await db.packageChunks.add({ chunk: key, rows: JSON.stringify(content.rows), removed: content.removed })
  parsed.set(key, content)
}

/**
 * Stores `rows` in the chunks and takes `remove` out (only those held), in the caller's transaction
 * (packageChunks in it): into the last chunk while it has room, else a new one.
 */
export async function changeChunks(rows: readonly LocalPackage[], remove: Iterable<string>): Promise<void> {
  const current = await readView()
  const removed = [...new Set(remove)].filter((id) => current.get(id))
  if (rows.length === 0 && removed.length === 0) return
  const last = current.keys.at(-1)
  const lastContent = last === undefined ? undefined : parsed.get(last)
  if (last !== undefined && lastContent && lastContent.rows.length + lastContent.removed.length + rows.length + removed.length <= chunkSize) {
    const merged = new Map(lastContent.rows.map((row) => [row.id, row]))
    const gone = new Set(lastContent.removed)
    for (const id of removed) {
      merged.delete(id)
      gone.add(id)
    }
    for (const row of rows) {
      merged.set(row.id, row)
      gone.delete(row.id)
    }
    await db.packageChunks.delete(last)
    await putChunk(chunkKey(last, true), { rows: [...merged.values()], removed: [...gone] })
  } else {
    await putChunk(chunkKey(last), { rows: [...rows], removed })
  }
}

/** Whether `chunks` holding `packages` are worth rewriting: a few more than those packages fill, the rest replaced copies. */
const manyReplaced = (chunks: number, packages: number) => chunks > Math.ceil(packages / chunkSize) + 4

/**
 * Drops chunked packages unchanged since `cutoff` but those `kept` (queued, opened lately), and
 * rewrites the chunks whole when something left or they hold many replaced copies; in the caller's
 * transaction. Returns how many left.
 */
export async function trimChunkedPackages(cutoff: string, kept: (id: string) => boolean): Promise<number> {
  const current = await readView()
  const staying = current.newest.filter((row) => row.updated_at >= cutoff || kept(row.id))
  const left = current.newest.length - staying.length
  if (left === 0 && !manyReplaced(current.keys.length, staying.length)) return 0
  await db.packageChunks.clear()
  const oldestFirst = [...staying].reverse()
  let key: string | undefined
  for (let start = 0; start < oldestFirst.length; start += chunkSize) {
    key = chunkKey(key)
    await putChunk(key, { rows: oldestFirst.slice(start, start + chunkSize), removed: [] })
  }
  return left
}

/**
 * A customer's chunks rewritten without the copies later ones replaced, once those are many: a
 * customer keeps every package, so nothing is trimmed, but each change adds a copy.
 */
export async function compactCustomerPackages(owner: DeviceOwner): Promise<void> {
  // Asked first, outside a transaction: after most pulls there is nothing to do, and the screens read these chunks.
  const current = await readView()
  if (!manyReplaced(current.keys.length, current.size)) return
  await db.transaction('rw', db.packageChunks, db.owner, async () => {
    await assertOwner(owner)
    await trimChunkedPackages('', () => true)
  })
}
