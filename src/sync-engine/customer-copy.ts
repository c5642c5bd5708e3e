import { compactCustomerPackages } from '@/local-db/package-chunks'
import type { DeviceOwner } from '@/local-db/owner'
import { slowLiveReads } from '@/local-db/throttled-query'
import { readSyncState } from '@/local-db/writes'
import type { Supabase } from '@/remote/client'
import { accountEntryStream, notificationStream, packageStream, prealertStream, profileStream, shipmentStream } from './pull'
import { arrivingReadsMs, pullTogether } from './working-set'

/**
 * A customer's device holds everything of theirs: first what the dashboard shows, then the inbox
 * and the account's lines.
 * Thousands of notifications pulled beside thousands of packages would hold the packages back (the
 * writes take turns, and the server answers both). The packages go first in their stage: the
 * biggest stream's first page is the one the others would wait for.
 */
const stages = [[packageStream, profileStream, prealertStream, shipmentStream], [notificationStream, accountEntryStream()]]

/**
 * A customer's pull. One from nothing marks "casillero: dashboard ready" in the performance timeline
 * once the first stage is written, for the benches; until then the dashboard's lists and figures
 * re-read at most once a second, as during an admin's first sync: re-read and redrawn after every
 * page, they held the main thread about as long as the writes themselves. Once all is in, the
 * packages' chunks are rewritten if changes have left many replaced copies in them.
 */
export async function pullCustomerCopy(client: Supabase, owner: DeviceOwner, signal: AbortSignal): Promise<void> {
  const fresh = !(await readSyncState('packages', owner.userId))?.syncedAt
  const started = performance.now()
  const resumeLiveReads = fresh ? slowLiveReads(arrivingReadsMs) : () => {}
  try {
    for (const [i, streams] of stages.entries()) {
      await pullTogether(client, owner, streams, signal)
      if (fresh && i === 0) {
        performance.measure('casillero: dashboard ready', { start: started })
        resumeLiveReads()
      }
    }
    await compactCustomerPackages(owner)
  } finally {
    resumeLiveReads()
  }
}
