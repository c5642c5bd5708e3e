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
  /** Not a token at all (not a UUID): the visitor mistyped or pasted something else. */
  | { kind: 'invalid-token' }
  | { kind: 'offline' }
  /** The call itself failed (network, unexpected answer). */
  | { kind: 'exception' }

/** A tracking token's shape: a UUID, in any case. */
export const trackingTokenPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Public tracking by token (SPEC §7): a live read, since it makes no sense from a local copy. The
 * service's own error text (Postgres', in English) is logged, never shown to an anonymous visitor.
 */
export async function lookupPackageByToken(token: string): Promise<TrackingResult> {
  if (!trackingTokenPattern.test(token)) return { kind: 'invalid-token' }
  if (!navigator.onLine) return { kind: 'offline' }
  try {
    const client = await getSupabase()
    const { data, error, status } = await client.rpc('get_package_by_token', { p_token: token })
    // Status 0: no answer at all (offline, or the request timed out), whatever navigator.onLine says.
    if (error) {
      if (status === 0) return { kind: 'offline' }
      console.error('Tracking lookup failed', error)
      // invalid_text_representation: the database did not take it for a UUID.
      return error.code === '22P02' ? { kind: 'invalid-token' } : { kind: 'exception' }
    }
    const found = (data as PublicPackage[] | null)?.[0]
    return found ? { kind: 'found', package: found } : { kind: 'not-found' }
  } catch {
    return navigator.onLine ? { kind: 'exception' } : { kind: 'offline' }
  }
}
