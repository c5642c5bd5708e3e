import { db } from './db'

async function clear(tables: readonly (typeof db.dataTables)[number][]) {
  await db.transaction('rw', tables, async () => {
    await Promise.all(tables.map((table) => table.clear()))
  })
}

/** Signing out (after the warning about unsent changes): every user's data leaves this device. */
export function clearLocalData(): Promise<void> {
  return clear(db.dataTables)
}

/**
 * A session that ended without the user asking (revoked or expired) or a new user arriving: the
 * read model goes, and unsent changes stay only if they are this user's, to be sent when they sign in.
 */
export async function clearReadModel(keepOpsOf: string | null): Promise<void> {
  await clear([db.profiles, db.packages, db.prealerts, db.syncState])
  await db.outbox.filter((op) => op.userId !== keepOpsOf).delete()
}
