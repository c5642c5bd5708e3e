// When a push is tried again: a push service that answered 429 or 5xx, or could not be reached.

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number
  /** The wait before the second try; it doubles before each next one. */
  baseDelayMs: number
  /** No wait is longer, whatever Retry-After asks: the function answers its webhook within seconds. */
  maxDelayMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 3, baseDelayMs: 1000, maxDelayMs: 5000 }

/** The wait after failed try number `attempt` (1 for the first), honouring a Retry-After header. */
export function retryDelayMs(policy: RetryPolicy, attempt: number, retryAfter: string | null, now = Date.now()): number {
  const asked = retryAfterMs(retryAfter, now)
  const delay = asked ?? policy.baseDelayMs * 2 ** (attempt - 1)
  return Math.min(Math.max(delay, 0), policy.maxDelayMs)
}

/** Retry-After in delay-seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(value: string | null, now: number): number | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : date - now
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', done, { once: true })
  })
}
