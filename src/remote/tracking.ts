import { getSupabase } from './client'

export interface PublicPackage {
  status: string
  locker_code: string
  tracking_code: string | null
  weight_kg: number | null
  volume_m3: number | null
  updated_at: string
}

export type TrackingResult =
  | { kind: 'found'; package: PublicPackage }
  | { kind: 'not-found' }
  /** The service answered with an error (e.g. a malformed token); its message is shown as is. */
  | { kind: 'service-error'; message: string }
  | { kind: 'offline' }
  /** The call itself failed (network, unexpected answer). */
  | { kind: 'exception' }

/** Public tracking by token (SPEC §7): a live read, since it makes no sense from a local copy. */
export async function lookupPackageByToken(token: string): Promise<TrackingResult> {
  if (!navigator.onLine) return { kind: 'offline' }
  try {
    const client = await getSupabase()
    const { data, error, status } = await client.rpc('get_package_by_token', { p_token: token })
    // Status 0: no answer at all (offline, or the request timed out), whatever navigator.onLine says.
    if (error) return status === 0 ? { kind: 'offline' } : error.code ? { kind: 'service-error', message: error.message } : { kind: 'exception' }
    const found = (data as PublicPackage[] | null)?.[0]
    return found ? { kind: 'found', package: found } : { kind: 'not-found' }
  } catch {
    return navigator.onLine ? { kind: 'exception' } : { kind: 'offline' }
  }
}
