import type { PackageRow, PulledProfile } from '@/local-db/rows'
import { getSupabase } from './client'
import { RefusedError } from './refused-error'

/** Where the next page starts: after this row (the last one shown), in the server's order. */
export interface HistoryCursor {
  created_at: string
  id: string
}

/** A page of the whole history as the server found it: packages newest first, with their owners and the customers who matched. */
export interface HistoryPage {
  packages: PackageRow[]
  profiles: PulledProfile[]
  hasMore: boolean
  /** Passed back for the next page; null on the last. */
  next: HistoryCursor | null
}

/** Shortest query the server searches: shorter ones would match half the history. */
export const historyQueryMinLength = 3

/** Searches every package ever recorded by tracking number, locker code, customer email or name (admins only, online). */
export async function searchHistory(query: string, after: HistoryCursor | null, limit: number, signal?: AbortSignal): Promise<HistoryPage> {
  const client = await getSupabase()
  let call = client.rpc('search_history', { p_query: query, p_limit: limit, p_after: after })
  if (signal) call = call.abortSignal(signal)
  const { data, error } = await call
  if (error) throw new RefusedError(error)
  const page = data as { packages: PackageRow[]; profiles: PulledProfile[]; has_more: boolean; next: HistoryCursor | null }
  return { packages: page.packages, profiles: page.profiles, hasMore: page.has_more, next: page.next }
}
