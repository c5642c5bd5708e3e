// Where the rate limits apply. Requests are keyed by the socket's address: the stand-in has no
// proxy in front of it, so a forwarded-for header would only let a client pick its own key.
import type { HttpRequest } from '../http'
import type { AuthContext } from './context'
import { authErrors } from './errors'
import type { RateLimitName } from './rate-limit'

/** The endpoints with buckets of their own (as GoTrue has a limiter per endpoint). */
type LimitedEndpoint = 'signup' | 'password-sign-in' | 'recover' | 'user-update' | 'refresh' | 'verify'

export const clientAddress = (request: HttpRequest) => (request.remoteAddress ?? 'unknown').replace(/^::ffff:/, '')

/** 429 over_request_rate_limit once the client has used up this endpoint's limit. */
export function limitClient(context: AuthContext, request: HttpRequest, name: RateLimitName, endpoint: LimitedEndpoint) {
  if (!context.limiter.take(name, `${endpoint} ${clientAddress(request)}`)) throw authErrors.overRequestRateLimit()
}

/**
 * A factor's verify attempts (mfa_verify): per factor rather than GoTrue's per address, so that
 * guessing codes from many addresses is as slow as from one. 429 over_request_rate_limit.
 */
export function limitFactor(context: AuthContext, factorId: string) {
  if (!context.limiter.take('mfa_verify', factorId)) throw authErrors.overRequestRateLimit()
}

/** Before a mail goes out: max_frequency for its address, then email_sent for all mail. */
export function limitMail(context: AuthContext, lastSentAt: Date | null) {
  const wait = lastSentAt ? lastSentAt.getTime() + context.config.emailMaxFrequencyMs - Date.now() : 0
  if (wait > 0) throw authErrors.emailSentTooRecently(Math.floor(wait / 1000))
  if (!context.limiter.take('email_sent', 'all')) throw authErrors.overEmailSendRateLimit()
}
