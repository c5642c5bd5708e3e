import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { responseTimeoutMs, timedFetch } from './fetch'

/** A network that never answers: the promise only ends when the request is aborted. */
const silentNetwork = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))))

describe('every backend request', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    useConnectivityStore.setState({ browserOnline: true, reachable: true })
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

  it('leaves connectivity alone when the caller cancels', async () => {
    vi.stubGlobal('fetch', silentNetwork)
    const controller = new AbortController()
    const request = timedFetch('http://backend.test/rest/v1/packages', { signal: controller.signal })
    controller.abort()
    await expect(request).rejects.toBeDefined()
    expect(useConnectivityStore.getState().reachable).toBe(true)
  })
})
