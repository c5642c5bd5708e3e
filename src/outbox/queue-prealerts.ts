import { type CancelPrealertOp, type PrealertFields, type SavePrealertOp } from '@/local-db/db'
import { addOps, newOpFields } from './queue'

/**
 * Queues a customer's prealert, new (`prealertId` null: its id is chosen here, so a replay never
 * makes a second one) or changed. The dashboard shows it at once from the outbox; the server's
 * row replaces it when the op is recorded. Returns the prealert's id.
 */
export async function queuePrealertSave(userId: string, prealertId: string | null, prealert: PrealertFields): Promise<string> {
  const id = prealertId ?? crypto.randomUUID()
  const op: SavePrealertOp = { ...newOpFields(userId), kind: 'save-prealert', prealertId: id, prealert }
  await addOps(userId, [op])
  return id
}

export async function queuePrealertCancel(userId: string, prealertId: string): Promise<void> {
  const op: CancelPrealertOp = { ...newOpFields(userId), kind: 'cancel-prealert', prealertId }
  await addOps(userId, [op])
}
