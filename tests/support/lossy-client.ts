import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { SUPABASE_LOCAL_ANON_KEY } from '../../supabase/local/keys'
import { nodeClientOptions } from './node-supabase'

/** A client whose RPC answers are lost after the server handled the request, `losses` times. */
export function clientLosingAnswers(url: string, losses: number): SupabaseClient {
  let left = losses
  const lossy: typeof fetch = async (input, init) => {
    const response = await fetch(input, init)
    if (String(input).includes('/rpc/') && left-- > 0) throw new TypeError('the connection dropped before the answer arrived')
    return response
  }
  return createClient(url, SUPABASE_LOCAL_ANON_KEY, { ...nodeClientOptions, global: { fetch: lossy } })
}
