import { db, type SyncStream } from './db'
import { assertOwner, type DeviceOwner } from './owner'

/**
 * Writes one pulled page with its checkpoint, atomically: a crash between pages resumes from the
 * last page written. A page that arrives after its session ended (a sign-out, another user) throws
 * NotOwnerError and writes nothing.
 */
export async function writePulledPage(stream: SyncStream, owner: DeviceOwner, checkpoint: string | null, write: () => Promise<void>): Promise<void> {
  await db.transaction('rw', [...db.dataTables, db.owner], async () => {
    await assertOwner(owner)
    const previous = await db.syncState.get(stream)
    await write()
    await db.syncState.put({ key: stream, userId: owner.userId, checkpoint, syncedAt: previous?.syncedAt ?? null })
  })
}
