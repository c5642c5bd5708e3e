// How long a mail waits before it is tried again, and when it is given up on.

export interface MailRetryPolicy {
  /** Tries in all, the first included; after the last, the mail is failed (admins see it). */
  attempts: number
  /** The wait after the first failed try; it doubles after each next one. */
  baseDelayMs: number
  maxDelayMs: number
}

/** 8 tries over about two hours: 30 s, 1, 2, 4, 8, 16, 32 min… then failed. */
export const DEFAULT_MAIL_RETRY: MailRetryPolicy = { attempts: 8, baseDelayMs: 30_000, maxDelayMs: 60 * 60_000 }

/** The wait after failed try number `attempt` (1 for the first); undefined: give up. */
export function mailRetryDelayMs(policy: MailRetryPolicy, attempt: number): number | undefined {
  if (attempt >= policy.attempts) return undefined
  return Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs)
}
