import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { bodyStallMs, responseTimeoutMs, slowestUploadBytesPerSecond, timedFetch } from './fetch'

/** A network that never answers: the promise only ends when the request is aborted. */
const silentNetwork = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))))

describe('every backend request', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    useConnectivityStore.setState({ reachable: true })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('fails instead of hanging when no answer comes, and says the backend is unreachable', async () => {
    vi.stubGlobal('fetch', silentNetwork)
    const request = timedFetch('http://backend.test/rest/v1/rpc/pull_packages')
    const failure = expect(request).rejects.toMatchObject({ name: 'TimeoutError' })
    await vi.advanceTimersByTimeAsync(responseTimeoutMs - 1)
    expect(useConnectivityStore.getState().reachable).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    await failure
    expect(useConnectivityStore.getState().reachable).toBe(false)
  })

  it('counts any answer, even an error status, as the backend being reachable', async () => {
    useConnectivityStore.setState({ reachable: false })
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })))
    expect((await timedFetch('http://backend.test/auth/v1/token')).status).toBe(503)
    expect(useConnectivityStore.getState().reachable).toBe(true)
  })

  it('passes on answers that never have a body (204, 205, 304) as they came, even with an empty body stream as Chromium gives them', async () => {
    for (const status of [204, 205, 304]) {
      const answer = new Response(null, { status })
      Object.defineProperty(answer, 'body', { value: new ReadableStream() })
      vi.stubGlobal('fetch', vi.fn(async () => answer))
      expect(await timedFetch('http://backend.test/rest/v1/rpc/save_push_subscription', { method: 'POST' })).toBe(answer)
      expect(vi.getTimerCount()).toBe(0)
    }
  })

  it('leaves connectivity alone when the caller cancels', async () => {
    vi.stubGlobal('fetch', silentNetwork)
    const controller = new AbortController()
    const request = timedFetch('http://backend.test/rest/v1/packages', { signal: controller.signal })
    controller.abort(new DOMException('Left the page', 'AbortError'))
    await expect(request).rejects.toMatchObject({ name: 'AbortError', message: 'Left the page' })
    expect(useConnectivityStore.getState().reachable).toBe(true)
  })

  it('lets go of the caller’s signal and its timers once the answer has been read', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"ok":true}', { status: 200 })))
    const controller = new AbortController()
    const removed = vi.spyOn(controller.signal, 'removeEventListener')
    const response = await timedFetch('http://backend.test/rest/v1/rpc/pull_packages', { signal: controller.signal })
    expect(removed).not.toHaveBeenCalled()
    expect(await response.json()).toEqual({ ok: true })
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function))
    expect(vi.getTimerCount()).toBe(0)
  })

  it('gives a request with a large body the time to send it before expecting an answer', async () => {
    vi.stubGlobal('fetch', silentNetwork)
    const body = JSON.stringify({ p_changes: 'x'.repeat(40_000) })
    const sendingMs = (new Blob([body]).size / slowestUploadBytesPerSecond) * 1000
    const request = timedFetch('http://backend.test/rest/v1/rpc/apply_package_statuses', { method: 'POST', body })
    let settled = false
    request.catch(() => undefined).finally(() => (settled = true))
    const failure = expect(request).rejects.toMatchObject({ name: 'TimeoutError' })
    await vi.advanceTimersByTimeAsync(responseTimeoutMs + sendingMs - 1)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await failure
  })

  /** An answer whose body sends a part every `everyMs`, `parts` times, then ends. */
  function tricklingAnswer(everyMs: number, parts: number) {
    return vi.fn(async () => {
      let sent = 0
      const body = new ReadableStream<Uint8Array>({
        async pull(stream) {
          await new Promise((resolve) => setTimeout(resolve, everyMs))
          if (sent++ === parts) stream.close()
          else stream.enqueue(new Uint8Array([1]))
        },
      })
      return new Response(body, { status: 200 })
    })
  }

  it('reads a body for as long as it keeps arriving, however long that is', async () => {
    vi.stubGlobal('fetch', tricklingAnswer(bodyStallMs - 1000, 5))
    const response = await timedFetch('http://backend.test/rest/v1/rpc/pull_packages')
    const reading = response.arrayBuffer()
    await vi.advanceTimersByTimeAsync(6 * bodyStallMs)
    expect((await reading).byteLength).toBe(5)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('abandons a body that stops arriving', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const body = new ReadableStream({ start: (stream) => init?.signal?.addEventListener('abort', () => stream.error(init.signal!.reason)) })
        return new Response(body, { status: 200 })
      }),
    )
    const response = await timedFetch('http://backend.test/rest/v1/rpc/pull_packages')
    const reading = expect(response.text()).rejects.toMatchObject({ name: 'TimeoutError', message: 'The response stopped arriving' })
    await vi.advanceTimersByTimeAsync(bodyStallMs)
    await reading
    expect(vi.getTimerCount()).toBe(0)
  })
})
