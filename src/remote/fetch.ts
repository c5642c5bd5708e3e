import { reportReachable } from '@/stores/connectivity-store'

/** No answer, not even the headers, within this long once the request is sent: on spotty Wi-Fi that is a lost request. */
export const responseTimeoutMs = 10_000
/**
 * A request's body takes time to send on a slow link, and fetch cannot tell how far it got: the
 * wait for an answer grows by the time the body takes at this rate (32 kbit/s, a tenth of a bad
 * 3G uplink), so a large body is never given up on for taking long. (Files go with tus, which sees
 * their bytes move: remote/resumable-upload.ts.)
 */
export const slowestUploadBytesPerSecond = 4000
/** A response body that stops arriving for this long is abandoned (one that keeps arriving never is). */
export const bodyStallMs = 30_000

const timeout = (message: string) => new DOMException(message, 'TimeoutError')

/** Statuses whose responses never have a body (the Fetch standard's null body statuses). */
const nullBodyStatuses: ReadonlySet<number> = new Set([101, 103, 204, 205, 304])

/** How many bytes a request body is, as far as one can tell without reading a stream or a form. */
function bodyBytes(body: BodyInit | null | undefined): number {
  if (typeof body === 'string') return new Blob([body]).size
  if (body instanceof Blob) return body.size
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body.byteLength
  if (body instanceof URLSearchParams) return body.toString().length
  return 0
}

/** `response` with a body that calls `moved` for each part that arrives and `done` once it has been read, has failed or was cancelled. */
function whenBodyEnds(response: Response, moved: () => void, done: () => void): Response {
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
        } else {
          moved()
          stream.enqueue(value)
        }
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
 * the backend is reachable, which `navigator.onLine` alone cannot. Nothing is given up on for
 * taking long while it moves: the wait for headers allows for sending the body, and the body of
 * the answer may take as long as it keeps arriving. Its timers and its listener on the caller's
 * signal (often one that lives as long as the session) end with the request.
 */
export const timedFetch: typeof fetch = async (input, init = {}) => {
  const controller = new AbortController()
  const callerSignal = init.signal
  const forwardAbort = () => controller.abort(callerSignal?.reason)
  if (callerSignal?.aborted) forwardAbort()
  else callerSignal?.addEventListener('abort', forwardAbort, { once: true })
  const sendingMs = (bodyBytes(init.body) / slowestUploadBytesPerSecond) * 1000
  let timer = setTimeout(() => controller.abort(timeout('The server did not answer in time')), responseTimeoutMs + sendingMs)
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
  const stalled = () => controller.abort(timeout('The response stopped arriving'))
  clearTimeout(timer)
  timer = setTimeout(stalled, bodyStallMs)
  const moved = () => {
    clearTimeout(timer)
    timer = setTimeout(stalled, bodyStallMs)
  }
  return whenBodyEnds(response, moved, release)
}
