// User metadata (`data` on /signup and PUT /user) goes into every access token and into jsonb, so
// it has bounds GoTrue leaves to the request size: 16 KB of JSON, 8 levels, no NUL characters
// (jsonb cannot store \u0000).
import { containsNul } from './body'
import { authErrors } from './errors'

const MAX_METADATA_BYTES = 16 * 1024
const MAX_METADATA_DEPTH = 8

/** Refuses metadata over the bounds; `data` itself is level 1. */
export function checkMetadata(data: Record<string, unknown>) {
  if (depthExceeds(data, MAX_METADATA_DEPTH)) throw authErrors.validation(`User metadata may be nested at most ${MAX_METADATA_DEPTH} levels deep`)
  if (hasNul(data)) throw authErrors.validation('User metadata must not contain NUL characters (\\u0000)')
  if (Buffer.byteLength(JSON.stringify(data)) > MAX_METADATA_BYTES) throw authErrors.validation(`User metadata may be at most ${MAX_METADATA_BYTES} bytes of JSON`)
}

/** Metadata after PUT /user merges `patch` in: keys set to null are removed (as GoTrue does). */
export function mergeMetadata(current: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...current, ...patch }
  for (const [key, value] of Object.entries(patch)) if (value === null) delete merged[key]
  return merged
}

/** Stops descending past `limit`, so a deeply nested value costs no more than a shallow one. */
function depthExceeds(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (limit === 0) return true
  return Object.values(value).some((child) => depthExceeds(child, limit - 1))
}

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return containsNul(value)
  if (typeof value !== 'object' || value === null) return false
  return Object.entries(value).some(([key, child]) => containsNul(key) || hasNul(child))
}
