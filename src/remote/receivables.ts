import { getSupabase } from './client'
import { RefusedError } from './refused-error'

/** What is unpaid, by how many Miami days ago it was posted, in cents. */
export interface AgedCents {
  owed_cents: number
  days_0_30: number
  days_31_60: number
  days_61_90: number
  days_90_plus: number
}

/** `receivables()`: the customers who owe today, most owed first, and the totals. */
export interface Receivables {
  today: string
  customers: (AgedCents & { user_id: string; oldest_unpaid_at: string })[]
  totals: AgedCents & { customers: number }
}

/** Computes the receivables in the database (admins only). */
export async function fetchReceivables(signal: AbortSignal): Promise<Receivables> {
  const client = await getSupabase()
  const { data, error } = await client.rpc('receivables').abortSignal(signal)
  if (error) throw new RefusedError(error)
  return data as Receivables
}
