// Sending one push request, tried again while its push service is busy (429), failing (5xx) or
// out of reach, as the retry policy allows.
import type { PushRequest } from './push-request.ts'
import { retryDelayMs, sleep, type RetryPolicy } from './retry-policy.ts'

/** sent: the push service took it; gone: the subscription no longer exists (404, 410). */
export type SendOutcome = 'sent' | 'gone' | 'failed'

export interface SendContext {
  policy: RetryPolicy
  /** Stops waiting and sending (the local stand-in closing). */
  signal?: AbortSignal
  log: (line: string) => void
}

/** A push service that neither answers nor fails within this long is tried again. */
const ATTEMPT_TIMEOUT_MS = 10_000

export async function sendWithRetry(push: PushRequest, { policy, signal, log }: SendContext): Promise<SendOutcome> {
  // The endpoint's path identifies the browser: only its origin goes to the log.
  const origin = new URL(push.endpoint).origin
  for (let attempt = 1; ; attempt += 1) {
    let problem: string
    let retryAfter: string | null = null
    try {
      const timeout = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)
      const response = await fetch(push.endpoint, {
        method: 'POST',
        headers: push.headers,
        body: push.body,
        // A redirect would lead past the host allow-list.
        redirect: 'manual',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
      const text = await response.text()
      if (response.ok) return 'sent'
      if (response.status === 404 || response.status === 410) return 'gone'
      problem = `${response.status} ${text.slice(0, 200)}`.trim()
      if (response.status !== 429 && response.status < 500) {
        log(`[send-push] ${origin} refused a push: ${problem}`)
        return 'failed'
      }
      retryAfter = response.headers.get('retry-after')
    } catch (error) {
      if (signal?.aborted) return 'failed'
      problem = error instanceof Error ? error.message : String(error)
    }
    if (attempt >= policy.attempts) {
      log(`[send-push] ${origin} gave up after ${attempt} tries: ${problem}`)
      return 'failed'
    }
    await sleep(retryDelayMs(policy, attempt, retryAfter), signal)
    if (signal?.aborted) return 'failed'
  }
}
