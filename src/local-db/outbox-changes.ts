import Dexie from 'dexie'
import { db } from './db'

/**
 * Calls `listener` after every committed write to the outbox, in this tab or another (Dexie tells
 * the other tabs), so the one sender of the device sees what any tab queued. Returns `stop`.
 */
export function onOutboxChange(listener: () => void): () => void {
  const prefix = `idb://${db.name}/outbox/`
  const onMutated = (parts: Record<string, unknown>) => {
    if (Object.keys(parts).some((part) => part.startsWith(prefix))) listener()
  }
  Dexie.on.storagemutated.subscribe(onMutated)
  return () => Dexie.on.storagemutated.unsubscribe(onMutated)
}
