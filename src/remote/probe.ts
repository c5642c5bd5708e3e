import { reportReachable } from '@/stores/connectivity-store'
import { supabaseAnonKey, supabaseUrl } from './config'

const probeTimeoutMs = 5000

/**
 * Whether the backend answers at all. An opaque no-cors GET needs no preflight and no CORS
 * headers, and resolves for any answer, so it is the cheapest question the network can be asked.
 * It carries the public anon key as the gateway's query parameter, so a healthy backend answers 200
 * rather than a 401 the console would report on every probe.
 */
export async function probeBackend(): Promise<boolean> {
  try {
    await fetch(`${supabaseUrl}/auth/v1/health?apikey=${encodeURIComponent(supabaseAnonKey)}`, { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(probeTimeoutMs) })
    reportReachable(true)
    return true
  } catch {
    reportReachable(false)
    return false
  }
}
