import { readOwner } from '@/local-db/owner'
import { getSupabase } from '@/remote/client'
import { accountEntryStream, pullStream, rpcPullSource } from './pull'

/**
 * On an admin's device: brings one customer's account lines up to date (from where the last pull of
 * them stopped), kept so their statement reads offline afterwards.
 */
export async function pullAccountOf(customerId: string, signal: AbortSignal): Promise<void> {
  const [client, owner] = await Promise.all([getSupabase(), readOwner()])
  if (!owner) return
  const stream = accountEntryStream(customerId)
  await pullStream(stream, rpcPullSource(client, stream, signal), owner, undefined, signal)
}
