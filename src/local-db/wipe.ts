import { db } from './db'

/** Sign-out: every user's data leaves this device before the next screen renders. */
export async function clearLocalData(): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()))
  })
}
