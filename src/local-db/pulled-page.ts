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
