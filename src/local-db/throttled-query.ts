import Dexie from 'dexie'
import { useEffect, useState, type DependencyList } from 'react'
import { db, type LocalDb } from './db'
import { onDirectoryChange } from './directory'

/** Tables a query reads; `directory` is the customer directory this tab holds in memory. */
type TableName = keyof Pick<LocalDb, 'profiles' | 'packages' | 'prealerts' | 'shipments' | 'notifications' | 'syncState' | 'outbox' | 'directory' | 'accountEntries'>

/** The slowest pace asked for by slowLiveReads still in force (0: none). */
const paces = new Set<{ intervalMs: number }>()

/** The least time between two runs of a live read that slowLiveReads imposes now (0: none). */
export const liveReadPace = () => Math.max(0, ...Array.from(paces, (asked) => asked.intervalMs))

/**
 * Until `resume` is called, live reads run at most once per `intervalMs` whatever they asked for:
 * while a first sync writes page after page of thousands of rows, each re-read would take the very
 * stores its writes wait for.
 */
export function slowLiveReads(intervalMs: number): () => void {
  const asked = { intervalMs }
  paces.add(asked)
  return () => void paces.delete(asked)
}

/**
 * A live read for lists and figures over thousands of rows: it runs at once, then again after any
 * change to `tables` (in this tab or another), but at most once per `intervalMs`. A pull writing
 * page after page, or the outbox settling a thousand changes, redraws such a screen a few times a
 * second instead of once per write; a single change still shows at once. `undefined` until the
 * first result; afterwards the last result stays while a new one is read.
 */
export function useThrottledQuery<T>(query: () => Promise<T>, deps: DependencyList, tables: readonly TableName[], intervalMs = 250): T | undefined {
  const [value, setValue] = useState<T>()

  useEffect(() => {
    let active = true
    let running = false
    let dirty = false
    let lastRun = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    // Packages are rows, or kept many to a record (package-chunks.ts).
    const prefixes = tables.flatMap((table) => (table === 'directory' ? [] : table === 'packages' ? [table, 'packageChunks'] : [table])).map((table) => `idb://${db.name}/${table}/`)

    async function run() {
      if (running) {
        dirty = true
        return
      }
      running = true
      dirty = false
      lastRun = performance.now()
      try {
        const result = await query()
        if (active) setValue(() => result)
      } catch (error) {
        console.error('A local read failed', error)
      } finally {
        running = false
        if (dirty && active) schedule()
      }
    }

    function schedule() {
      if (timer !== undefined) return
      timer = setTimeout(
        () => {
          timer = undefined
          void run()
        },
        Math.max(0, lastRun + Math.max(intervalMs, liveReadPace()) - performance.now()),
      )
    }

    const changed = () => {
      if (running) dirty = true
      else schedule()
    }
    const onMutated = (parts: Record<string, unknown>) => {
      if (Object.keys(parts).some((part) => prefixes.some((prefix) => part.startsWith(prefix)))) changed()
    }
    Dexie.on.storagemutated.subscribe(onMutated)
    // The directory is read from this tab's copy in memory, which changes after its table does.
    const stopDirectory = tables.includes('directory') ? onDirectoryChange(changed) : undefined
    void run()
    return () => {
      active = false
      clearTimeout(timer)
      Dexie.on.storagemutated.unsubscribe(onMutated)
      stopDirectory?.()
    }
    // The caller's deps decide when the query itself changes, as with useEffect and useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)

  return value
}
