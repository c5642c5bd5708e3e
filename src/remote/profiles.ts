import type { PulledProfile } from '@/local-db/rows'
import { getSupabase } from './client'

/** Full profiles by id (addresses, ID number, preferences), as RLS lets the caller read them: an admin opening a customer. */
export async function fetchProfiles(ids: readonly string[], signal?: AbortSignal): Promise<PulledProfile[]> {
  const client = await getSupabase()
  let call = client.rpc('get_profiles', { p_ids: ids })
  if (signal) call = call.abortSignal(signal)
  const { data, error } = await call
  if (error) throw new Error(error.message)
  return (data as { profiles: PulledProfile[] }).profiles
}
