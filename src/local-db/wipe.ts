import { db } from './db'

/** Everything of everyone's leaves this device: the read model, every queued change and file, every draft, the work set aside for others. */
export function clearLocalData(): Promise<void> {
  const tables = [...db.dataTables, db.owner]
  return db.transaction('rw', tables, async () => {
    await Promise.all(tables.map((table) => table.clear()))
  })
}
