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
    // Asked together: each read waits for the one before it otherwise, on every page.
    const [, previous] = await Promise.all([assertOwner(owner), db.syncState.get(stream)])
    await write()
    await db.syncState.put({ key: stream, userId: owner.userId, checkpoint, syncedAt: previous?.syncedAt ?? null })
  })
}

/** Rows put at once: each put copies its row on the main thread, and a thousand at once held it for a long task. */
const rowsPerPut = 200

/**
 * Puts `rows` in steps, within the caller's transaction: each step is put once the one before it is
 * written, in a task of its own (the transaction stays open while a request is pending), so a page
 * of a thousand rows never holds the main thread for long.
 */
export async function putInSteps<Row>(table: Table<Row>, rows: readonly Row[]): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerPut) await table.bulkPut(rows.slice(start, start + rowsPerPut))
}
