import { db, isUploadOp } from './db'

/** Some of the outbox: `db.outbox.where(…)…`, `.filter(…)` or `.toCollection()`. */
type QueuedOps = ReturnType<typeof db.outbox.toCollection>

/**
 * Drops these queued ops, and with them the bytes of the files among them: a file's bytes never
 * outlive its op. Call it in a transaction that includes `db.outbox` and `db.uploads`.
 */
export async function deleteQueuedOps(ops: QueuedOps): Promise<void> {
  const files = (await ops.toArray()).filter(isUploadOp).map((op) => op.opId)
  await ops.delete()
  await db.uploads.bulkDelete(files)
}
