import { ratesFrom, type Rates } from '@/business-rules/rates'
import { supabaseAnonKey, supabaseUrl } from './config'
import { timedFetch } from './fetch'

/**
 * The current rates (`rates_json`, public), with one plain request: the public pages that show
 * prices do not load supabase-js for it.
 */
export async function fetchRates(): Promise<Rates> {
  const response = await timedFetch(`${supabaseUrl}/rest/v1/rpc/rates_json`, {
    method: 'POST',
    headers: { apikey: supabaseAnonKey, authorization: `Bearer ${supabaseAnonKey}`, 'content-type': 'application/json' },
    body: '{}',
  })
  if (!response.ok) throw new Error(`rates_json answered ${response.status}`)
  const rates = ratesFrom(await response.json())
  if (!rates) throw new Error('rates_json answered without every rate')
  return rates
}
