import type { DeviceOwner } from '@/local-db/owner'
import type { PulledProfile } from '@/local-db/rows'
import { keepFetched, missingOwners, startOverIfStale, trimWorkingSet } from '@/local-db/working-set'
import type { Supabase } from '@/remote/client'
import { SyncError } from './pull'

/** Trimming reads every row's owner: once an hour is plenty for rows that leave after 30 days. */
const trimEveryMs = 60 * 60 * 1000

/** Profiles by id, as `get_profiles` returns them (what RLS lets the caller read). */
async function fetchProfiles(client: Supabase, ids: readonly string[], signal: AbortSignal): Promise<PulledProfile[]> {
  const found: PulledProfile[] = []
  for (let start = 0; start < ids.length; start += 1000) {
    const { data, error } = await client.rpc('get_profiles', { p_ids: ids.slice(start, start + 1000) }).abortSignal(signal)
    if (error) throw new SyncError(error.message, Boolean(error.code))
    found.push(...(data as { profiles: PulledProfile[] }).profiles)
  }
  return found
}

/**
 * The admin's side of a pull (see src/local-db/working-set.ts): `before` starts a copy too old to
 * bring up to date over; `after` fetches the customers the pulled rows belong to whose profiles
 * were not in the working set, and now and then drops what left it.
 */
export function workingSetKeeper(owner: DeviceOwner) {
  let trimmedAt = 0
  return {
    before: () => startOverIfStale(owner),
    async after(client: Supabase, signal: AbortSignal) {
      const missing = await missingOwners()
      if (missing.length > 0) await keepFetched(owner, { profiles: await fetchProfiles(client, missing, signal) })
      if (Date.now() - trimmedAt >= trimEveryMs) {
        await trimWorkingSet(owner)
        trimmedAt = Date.now()
      }
    },
  }
}
