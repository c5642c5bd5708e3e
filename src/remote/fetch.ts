import { reportReachable } from '@/stores/connectivity-store'

/** No answer, not even the headers, within this long: on spotty Wi-Fi that is a lost request. */
export const responseTimeoutMs = 10_000
/** A response body still arriving after this long is abandoned too. */
export const bodyTimeoutMs = 60_000

const timeout = (message: string) => new DOMException(message, 'TimeoutError')

/** Statuses whose responses never have a body (the Fetch standard's null body statuses). */
const nullBodyStatuses: ReadonlySet<number> = new Set([101, 103, 204, 205, 304])

/** `response` with a body that calls `done` once it has been read, has failed or was cancelled. */
function whenBodyEnds(response: Response, done: () => void): Response {
  // Chromium gives even a 204 an (empty) body stream, and no Response can be built with a body for those statuses.
  if (!response.body || nullBodyStatuses.has(response.status)) {
    done()
    return response
  }
  const reader = response.body.getReader()
  const body = new ReadableStream<Uint8Array>({
    async pull(stream) {
      try {
        const { done: ended, value } = await reader.read()
        if (ended) {
          done()
          stream.close()
        } else stream.enqueue(value)
      } catch (error) {
        done()
        stream.error(error)
      }
    },
    cancel(reason) {
      done()
      return reader.cancel(reason)
    },
  })
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
}

/**
 * The fetch every backend request goes through: a request that never answers fails instead of
 * hanging (supabase-js sets no timeout), and each outcome tells the connectivity store whether
 * the backend is reachable, which `navigator.onLine` alone cannot. Its timers and its listener on
 * the caller's signal (often one that lives as long as the session) end with the request.
 */
export const timedFetch: typeof fetch = async (input, init = {}) => {
  const controller = new AbortController()
  const callerSignal = init.signal
  const forwardAbort = () => controller.abort(callerSignal?.reason)
  if (callerSignal?.aborted) forwardAbort()
  else callerSignal?.addEventListener('abort', forwardAbort, { once: true })
  let timer = setTimeout(() => controller.abort(timeout('The server did not answer in time')), responseTimeoutMs)
  const release = () => {
    clearTimeout(timer)
    callerSignal?.removeEventListener('abort', forwardAbort)
  }
  let response: Response
  try {
    response = await fetch(input, { ...init, signal: controller.signal })
  } catch (error) {
    release()
    // A request the caller cancelled says nothing about the network.
    if (!callerSignal?.aborted) reportReachable(false)
    throw error
  }
  reportReachable(true)
  clearTimeout(timer)
  timer = setTimeout(() => controller.abort(timeout('The response took too long')), bodyTimeoutMs)
  return whenBodyEnds(response, release)
}
