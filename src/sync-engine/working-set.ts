import { readSyncState } from '@/local-db/writes'
import type { DeviceOwner } from '@/local-db/owner'
import { slowLiveReads } from '@/local-db/throttled-query'
import { startOverIfStale, trimWorkingSet } from '@/local-db/working-set'
import type { Supabase } from '@/remote/client'
import { useSyncStatusStore, type Arriving } from '@/stores/sync-status-store'
import { accountBalanceStream, directoryStream, profileStream, pullStream, rpcPullSource, tableStream, type Stream } from './pull'

/** Trimming reads every row's key: once an hour is plenty for rows that leave after 30 days. */
const trimEveryMs = 60 * 60 * 1000
/** How often lists and figures redraw while a stage arrives from nothing (the header or the sync line says so meanwhile). */
export const arrivingReadsMs = 1000

/** Rows each part of the working set holds on the server now (working_set_counts). */
interface WorkingSetCounts {
  directory: number
  open: Record<'packages' | 'prealerts' | 'shipments', number>
  closed: Record<'packages' | 'prealerts' | 'shipments', number>
}

/** Pulls every stream at once; settles once all have (one failing must not leave another paging beside the next pull), then throws the first failure. */
export async function pullTogether(client: Supabase, owner: DeviceOwner, streams: readonly Stream<unknown>[], signal: AbortSignal): Promise<void> {
  const pulled = await Promise.allSettled(streams.map((stream) => pullStream(stream, rpcPullSource(client, stream, signal), owner, undefined, signal)))
  const failed = pulled.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
}

/** `stream`, counting the rows of each page it writes. */
function counting<Row>(stream: Stream<Row>, onRows: (rows: number) => void): Stream<Row> {
  return {
    ...stream,
    async apply(owner, rows, checkpoint, last) {
      await stream.apply(owner, rows, checkpoint, last)
      onRows(rows.length)
    },
  }
}

async function countWorkingSet(client: Supabase, signal: AbortSignal): Promise<WorkingSetCounts | null> {
  const { data, error } = await client.rpc('working_set_counts').abortSignal(signal)
  return error ? null : (data as WorkingSetCounts)
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, n) => total + n, 0)

/**
 * An admin's pull (docs/architecture.md, "The admin's working set"), in two stages so the desk never
 * waits for the whole of it:
 * 1. what the desk needs: the customer directory, the admins' profiles, open packages, shipments in
 *    flight, announced prealerts and what customers owe;
 * 2. what closed in the last 30 days, page by page, each written in a transaction of its own between
 *    which the page stays responsive; the desk searches and registers meanwhile.
 * A package, prealert or shipment moves between the parts only by a change, which the part it moves
 * to sends after that part's checkpoint; the second stage starts once the first has written
 * everything it received, so a row's newest answer is always written last.
 *
 * A stage pulled from nothing (a first sync, or a copy started over) says what is still arriving,
 * with progress (useSyncStatusStore's `arriving`), and is measured in the browser's performance
 * timeline ("casillero: desk ready", "casillero: working set ready") for the benches.
 *
 * Before pulling, a copy too old to bring up to date starts over, and now and then what left the
 * working set is dropped: before the pull, so a first sync has nothing to look through.
 */
export function adminPuller(owner: DeviceOwner) {
  let trimmedAt = 0
  return async function pullWorkingSet(client: Supabase, signal: AbortSignal): Promise<void> {
    await startOverIfStale(owner)
    if (Date.now() - trimmedAt >= trimEveryMs) {
      await trimWorkingSet(owner)
      trimmedAt = Date.now()
    }
    const stages: { key: Arriving['stage']; streams: Stream<unknown>[] }[] = [
      { key: 'desk', streams: [directoryStream(), profileStream, tableStream('packages', 'open'), tableStream('prealerts', 'open'), tableStream('shipments', 'open'), accountBalanceStream] },
      { key: 'recent', streams: [tableStream('packages', 'closed'), tableStream('prealerts', 'closed'), tableStream('shipments', 'closed')] },
    ]
    // A stage some stream of which never finished a pull: a first sync, or a copy started over.
    const fresh = await Promise.all(stages.map(async ({ streams }) => (await Promise.all(streams.map((stream) => readSyncState(stream.name, owner.userId)))).some((state) => !state?.syncedAt)))
    const started = performance.now()
    const counts = fresh.some(Boolean) ? countWorkingSet(client, signal).catch(() => null) : Promise.resolve(null)
    const show = (arriving: Arriving | null) => {
      if (!signal.aborted) useSyncStatusStore.setState({ arriving })
    }
    const resumeLiveReads = fresh.some(Boolean) ? slowLiveReads(arrivingReadsMs) : () => {}
    try {
      for (const [i, { key, streams }] of stages.entries()) {
        if (!fresh[i]) {
          await pullTogether(client, owner, streams, signal)
          continue
        }
        const arriving: Arriving = { stage: key, received: 0, total: null }
        show(arriving)
        void counts.then((found) => {
          if (!found || useSyncStatusStore.getState().arriving?.stage !== key) return
          arriving.total = key === 'desk' ? found.directory + sum(found.open) : sum(found.closed)
          show({ ...arriving })
        })
        const onRows = (rows: number) => {
          arriving.received += rows
          show({ ...arriving })
        }
        // The admins' profiles are in the directory too: counted once, there. Balances (one row per
        // customer who owes or holds credit) ride along uncounted, as working_set_counts does not count them.
        const uncounted = (stream: Stream<unknown>) => stream === profileStream || stream === accountBalanceStream
        await pullTogether(client, owner, streams.map((stream) => (uncounted(stream) ? stream : counting(stream, onRows))), signal)
        performance.measure(key === 'desk' ? 'casillero: desk ready' : 'casillero: working set ready', { start: started })
      }
    } finally {
      resumeLiveReads()
      show(null)
    }
  }
}
