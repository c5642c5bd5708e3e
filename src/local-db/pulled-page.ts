import type { Table } from 'dexie'
import { db, type SyncStream } from './db'
import { assertOwner, type DeviceOwner } from './owner'

/**
 * Writes one pulled page with its checkpoint, atomically: a crash between pages resumes from the
 * last page written. A page that arrives after its session ended (a sign-out, another user) throws
 * NotOwnerError and writes nothing.
 *
 * `tables` are those `write` reads or writes (all the data tables unless said). The transaction
 * holds only them, the checkpoints and the owner, so screens reading other tables are not held
 * behind a page, nor the page behind them.
 */
export async function writePulledPage(stream: SyncStream, owner: DeviceOwner, checkpoint: string | null, write: () => Promise<void>, tables: readonly Table[] = db.dataTables): Promise<void> {
  await db.transaction('rw', [...new Set([...tables, db.syncState, db.owner])], async () => {
    // Asked together: each request would otherwise wait for the one before it, on every page. The
    // owner is checked beside the writes, not before them: should it fail, the transaction aborts
    // and nothing of the page is kept.
    await Promise.all([
      assertOwner(owner),
      db.syncState.get(stream).then((previous) => db.syncState.put({ key: stream, userId: owner.userId, checkpoint, syncedAt: previous?.syncedAt ?? null })),
      write(),
    ])
  })
}

/** Rows put at once: each put copies its row on the main thread, and a thousand at once held it for a long task. */
const rowsPerPut = 200

/**
 * Puts `rows` in steps, within the caller's transaction, so a page of a thousand rows never holds
 * the main thread for long. Two steps are in flight at a time: the next is copied while the one
 * before is written, so neither IndexedDB nor the main thread waits on the other. A step is asked for
 * when one before it is written, as a request may only be made while the transaction is active.
 */
export async function putInSteps<Row>(table: Table<Row>, rows: readonly Row[]): Promise<void> {
  let previous: Promise<unknown> = Promise.resolve()
  for (let start = 0; start < rows.length; start += rowsPerPut) {
    const put = table.bulkPut(rows.slice(start, start + rowsPerPut))
    // Awaited below, or abandoned with the transaction should the step before it fail.
    put.catch(() => {})
    await previous
    previous = put
  }
  await previous
}
