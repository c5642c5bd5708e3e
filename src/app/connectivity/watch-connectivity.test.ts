import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { useConnectivityStore, waitForBackend } from '@/stores/connectivity-store'
import { watchConnectivity } from './watch-connectivity'

let network = false
let stop: (() => void) | undefined
let stopWaiting: (() => void) | undefined
const reachable = () => useConnectivityStore.getState().reachable

beforeEach(async () => {
  vi.useFakeTimers()
  network = false
  // A probe fails at once while the network carries nothing, and is answered once it does.
  vi.stubGlobal('fetch', async () => {
    if (!network) throw new TypeError('Failed to fetch')
    return new Response(null, { status: 200 })
  })
  useConnectivityStore.setState({ reachable: false })
  // A signed-in sync has work waiting: probed every 1, 2, then 3 s.
  stopWaiting = waitForBackend()
  stop = watchConnectivity()
  // Its first probe loads the backend's probe, which fake timers do not wait for.
  await vi.dynamicImportSettled()
})
afterEach(() => {
  stop?.()
  stopWaiting?.()
  vi.unstubAllGlobals()
  vi.useRealTimers()
  useConnectivityStore.setState({ reachable: true })
})

it('probes again a quarter of a second after the online event when its probe found no network yet, not a second later', async () => {
  await vi.advanceTimersByTimeAsync(10_000)
  dispatchEvent(new Event('online'))
  await vi.advanceTimersByTimeAsync(0)
  expect(reachable()).toBe(false)
  network = true
  await vi.advanceTimersByTimeAsync(250)
  expect(reachable()).toBe(true)
})

it('keeps the backoff when the network comes back without the browser saying so', async () => {
  network = true
  dispatchEvent(new Event('online'))
  await vi.advanceTimersByTimeAsync(0)
  expect(reachable()).toBe(true)
  // The connection drops (the browser says offline), later carries again without an online event.
  dispatchEvent(new Event('offline'))
  expect(reachable()).toBe(false)
  await vi.advanceTimersByTimeAsync(999)
  expect(reachable()).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  expect(reachable()).toBe(true)
})
