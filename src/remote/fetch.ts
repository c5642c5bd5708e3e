import { reportReachable } from '@/stores/connectivity-store'

/** No answer, not even the headers, within this long: on spotty Wi-Fi that is a lost request. */
export const responseTimeoutMs = 10_000
/** A response body still arriving after this long is abandoned too. */
const bodyTimeoutMs = 60_000

const timeout = (message: string) => new DOMException(message, 'TimeoutError')

/**
 * The fetch every backend request goes through: a request that never answers fails instead of
 * hanging (supabase-js sets no timeout), and each outcome tells the connectivity store whether
 * the backend is reachable, which `navigator.onLine` alone cannot.
 */
export const timedFetch: typeof fetch = async (input, init = {}) => {
  const controller = new AbortController()
  const callerSignal = init.signal
  if (callerSignal?.aborted) controller.abort(callerSignal.reason)
  else callerSignal?.addEventListener('abort', () => controller.abort(callerSignal.reason), { once: true })
  const headersTimer = setTimeout(() => controller.abort(timeout('The server did not answer in time')), responseTimeoutMs)
  try {
    const response = await fetch(input, { ...init, signal: controller.signal })
    reportReachable(true)
    setTimeout(() => controller.abort(timeout('The response took too long')), bodyTimeoutMs)
    return response
  } catch (error) {
    // A request the caller cancelled says nothing about the network.
    if (!callerSignal?.aborted) reportReachable(false)
    throw error
  } finally {
    clearTimeout(headersTimer)
  }
}
