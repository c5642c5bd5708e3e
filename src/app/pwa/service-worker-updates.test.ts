import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { checkForUpdates, offerUpdates, updateCheckIntervalMs, type UpdatableWorker } from './service-worker-updates'

/** workbox-window's Workbox as the update flow sees it: its two events and the skip-waiting message. */
function fakeWorkbox() {
  const listeners = { waiting: [] as (() => void)[], controlling: [] as (() => void)[] }
  const worker: UpdatableWorker & { emit: (type: 'waiting' | 'controlling') => void } = {
    addEventListener: (type, listener) => listeners[type].push(listener),
    messageSkipWaiting: vi.fn(),
    emit: (type) => listeners[type].forEach((listener) => listener()),
  }
  return worker
}

function setUp({ controlled = true, waiting = true } = {}) {
  const worker = fakeWorkbox()
  const page = { controlled, waiting }
  const offers: (() => void)[] = []
  const reload = vi.fn()
  offerUpdates(worker, { controlled: () => page.controlled, waiting: () => page.waiting, offer: (accept) => offers.push(accept), reload })
  return { worker, page, offers, reload }
}

describe('offerUpdates', () => {
  it('offers a version waiting behind the one that controls the page, and reloads only once the user accepts and it has taken over', () => {
    const { worker, page, offers, reload } = setUp()
    worker.emit('waiting')
    expect(offers).toHaveLength(1)
    expect(worker.messageSkipWaiting).not.toHaveBeenCalled()
    expect(reload).not.toHaveBeenCalled()

    offers[0]!()
    expect(worker.messageSkipWaiting).toHaveBeenCalledOnce()
    expect(reload).not.toHaveBeenCalled()
    page.waiting = false
    worker.emit('controlling')
    expect(reload).toHaveBeenCalledOnce()
  })

  it('never reloads by itself, even when a new version takes over the page', () => {
    const { worker, reload } = setUp()
    worker.emit('waiting')
    worker.emit('controlling')
    worker.emit('controlling')
    expect(reload).not.toHaveBeenCalled()
  })

  it('does not offer a first install: nothing controlled the page, and the new worker takes it over at once', () => {
    const { worker, page, offers, reload } = setUp({ controlled: false, waiting: false })
    worker.emit('waiting')
    page.controlled = true
    worker.emit('controlling')
    expect(offers).toHaveLength(0)
    expect(reload).not.toHaveBeenCalled()
  })

  it('offers the reload when another tab let the new version take over this page too, and then reloads at once', () => {
    const { worker, page, offers, reload } = setUp({ waiting: false })
    worker.emit('controlling')
    expect(offers).toHaveLength(1)
    offers[0]!()
    expect(worker.messageSkipWaiting).not.toHaveBeenCalled()
    expect(reload).toHaveBeenCalledOnce()
    page.waiting = true
    worker.emit('controlling')
    expect(reload).toHaveBeenCalledOnce()
  })

  it('after a first install took the page over, a later version is an update', () => {
    const { worker, page, offers } = setUp({ controlled: false, waiting: false })
    page.controlled = true
    worker.emit('controlling')
    expect(offers).toHaveLength(0)
    page.waiting = true
    worker.emit('waiting')
    expect(offers).toHaveLength(1)
  })

  it('reloads once however often the offer is accepted or the controller changes', () => {
    const { worker, offers, reload } = setUp()
    worker.emit('waiting')
    offers[0]!()
    offers[0]!()
    expect(worker.messageSkipWaiting).toHaveBeenCalledOnce()
    worker.emit('controlling')
    worker.emit('controlling')
    expect(reload).toHaveBeenCalledOnce()
  })
})

describe('checkForUpdates', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  function visibility(state: DocumentVisibilityState) {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state)
    document.dispatchEvent(new Event('visibilitychange'))
  }

  it('checks every hour, and not before', async () => {
    const update = vi.fn(() => Promise.resolve())
    const stop = checkForUpdates(update)
    expect(updateCheckIntervalMs).toBe(3_600_000)
    await vi.advanceTimersByTimeAsync(updateCheckIntervalMs - 1)
    expect(update).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(update).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(updateCheckIntervalMs)
    expect(update).toHaveBeenCalledTimes(2)
    stop()
    await vi.advanceTimersByTimeAsync(updateCheckIntervalMs)
    expect(update).toHaveBeenCalledTimes(2)
  })

  it('checks when the page becomes visible again, not when it is hidden', async () => {
    const update = vi.fn(() => Promise.resolve())
    const stop = checkForUpdates(update)
    visibility('hidden')
    expect(update).not.toHaveBeenCalled()
    visibility('visible')
    expect(update).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(0)
    visibility('hidden')
    visibility('visible')
    expect(update).toHaveBeenCalledTimes(2)
    stop()
    await vi.advanceTimersByTimeAsync(0)
    visibility('visible')
    expect(update).toHaveBeenCalledTimes(2)
  })

  it('runs one check at a time, and a failed check (offline) leaves the next ones working', async () => {
    let finish: (() => void) | undefined
    const update = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
      .mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')))
      .mockImplementation(() => Promise.resolve())
    const stop = checkForUpdates(update)
    visibility('visible')
    visibility('visible')
    await vi.advanceTimersByTimeAsync(updateCheckIntervalMs)
    expect(update).toHaveBeenCalledTimes(1)
    finish!()
    await vi.advanceTimersByTimeAsync(0)
    visibility('visible')
    expect(update).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(0)
    visibility('visible')
    expect(update).toHaveBeenCalledTimes(3)
    stop()
  })
})
