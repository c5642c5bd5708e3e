// config.toml's [auth.rate_limit], kept as GoTrue keeps its limits: token buckets that hold
// `requests` and refill at `requests` per `windowMs`, one bucket per endpoint and client IP address
// (GoTrue's buckets hold 30 whatever the limit; here they hold the limit, so that a limit below 30
// holds from the first request). Emails have one bucket for all addresses.

export type RateLimitName = 'email_sent' | 'token_refresh' | 'sign_in_sign_ups' | 'token_verifications' | 'mfa_verify'

export interface RateLimit {
  requests: number
  windowMs: number
}

export type RateLimits = Record<RateLimitName, RateLimit>

interface Bucket {
  tokens: number
  updatedAt: number
}

/** Past this many buckets, the full ones (no different from a new bucket) are dropped. */
const PRUNE_ABOVE = 10_000

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>()

  constructor(
    private readonly limits: RateLimits,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Takes one request out of the bucket of `name` for `key`; false when it is empty. */
  take(name: RateLimitName, key: string): boolean {
    const { requests, windowMs } = this.limits[name]
    const id = `${name} ${key}`
    const now = this.now()
    const bucket = this.buckets.get(id) ?? { tokens: requests, updatedAt: now }
    bucket.tokens = Math.min(requests, bucket.tokens + ((now - bucket.updatedAt) * requests) / windowMs)
    bucket.updatedAt = now
    const allowed = bucket.tokens >= 1
    if (allowed) bucket.tokens -= 1
    this.buckets.set(id, bucket)
    if (this.buckets.size > PRUNE_ABOVE) this.prune(now)
    return allowed
  }

  private prune(now: number) {
    for (const [id, bucket] of this.buckets) {
      const { requests, windowMs } = this.limits[id.slice(0, id.indexOf(' ')) as RateLimitName]
      if (bucket.tokens + ((now - bucket.updatedAt) * requests) / windowMs >= requests) this.buckets.delete(id)
    }
  }
}
