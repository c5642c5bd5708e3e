import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { slowestUploadBytesPerSecond } from './fetch'
import { stallingStack, uploadStallMs } from './resumable-upload'

/** A network the test drives: the request's body moves when `progress` is called, and its answer comes when `answer` is. */
function drivenNetwork() {
  let progress: (bytes: number) => void = () => {}
  let answer: (response: HttpResponse) => void = () => {}
  const aborted = vi.fn(async () => {})
  const request: HttpRequest = {
    getMethod: () => 'PATCH',
    getURL: () => 'http://backend.test/storage/v1/upload/resumable/x',
    setHeader: () => {},
    getHeader: () => undefined,
    setProgressHandler: (handler) => (progress = handler),
    send: () => new Promise((resolve) => (answer = resolve)),
    abort: aborted,
    getUnderlyingObject: () => null,
  }
  const stack: HttpStack = { createRequest: () => request, getName: () => 'driven' }
  const response = { getStatus: () => 204, getHeader: () => undefined, getBody: () => '', getUnderlyingObject: () => null }
  return { stack, progress: (bytes: number) => progress(bytes), answer: () => answer(response), aborted }
}

describe('a resumable upload’s request', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    useConnectivityStore.setState({ reachable: false })
  })
  afterEach(() => vi.useRealTimers())

  it('goes on for as long as its body moves, however long that is, and says the backend answered', async () => {
    const network = drivenNetwork()
    const sending = stallingStack(network.stack).createRequest('PATCH', 'x').send(new Uint8Array(1_000_000))
    for (let sent = 1; sent <= 10; sent++) {
      await vi.advanceTimersByTimeAsync(uploadStallMs - 1)
      network.progress(sent * 50_000)
    }
    network.answer()
    expect((await sending).getStatus()).toBe(204)
    expect(network.aborted).not.toHaveBeenCalled()
    expect(useConnectivityStore.getState().reachable).toBe(true)
  })

  it('is given up on once its body stops moving, and leaves connectivity alone', async () => {
    const network = drivenNetwork()
    const sending = stallingStack(network.stack).createRequest('PATCH', 'x').send(new Uint8Array(1_000_000))
    const failure = expect(sending).rejects.toMatchObject({ name: 'UploadStalled' })
    network.progress(200_000)
    await vi.advanceTimersByTimeAsync(uploadStallMs)
    await failure
    expect(network.aborted).toHaveBeenCalled()
    expect(useConnectivityStore.getState().reachable).toBe(false)
  })

  it('once its whole body is handed over, waits for the answer as long as the body takes at the slowest rate allowed', async () => {
    const network = drivenNetwork()
    const size = 400_000
    const sending = stallingStack(network.stack).createRequest('PATCH', 'x').send(new Uint8Array(size))
    let settled = false
    sending.catch(() => undefined).finally(() => (settled = true))
    const failure = expect(sending).rejects.toMatchObject({ name: 'UploadStalled' })
    network.progress(size)
    const drainMs = (size / slowestUploadBytesPerSecond) * 1000
    await vi.advanceTimersByTimeAsync(uploadStallMs + drainMs - 1)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await failure
  })
})
