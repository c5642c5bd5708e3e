import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toastDurationMs, useToastStore } from './toast-store'

const show = (title: string, persistent = false) => useToastStore.getState().show({ title, persistent })
const current = () => useToastStore.getState().current?.title ?? null

describe('toast queue', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows one toast at a time, in order, each for 5000 ms', () => {
    show('first')
    show('second')
    expect(toastDurationMs).toBe(5000)
    expect(current()).toBe('first')
    vi.advanceTimersByTime(4999)
    expect(current()).toBe('first')
    vi.advanceTimersByTime(1)
    expect(current()).toBe('second')
    vi.advanceTimersByTime(5000)
    expect(current()).toBeNull()
  })

  it('dismissing early shows the next one with a full 5000 ms', () => {
    show('first')
    show('second')
    vi.advanceTimersByTime(3000)
    useToastStore.getState().dismiss()
    expect(current()).toBe('second')
    vi.advanceTimersByTime(4000)
    expect(current()).toBe('second')
    vi.advanceTimersByTime(1000)
    expect(current()).toBeNull()
  })

  it('keeps a persistent toast until it is dismissed', () => {
    show('update available', true)
    vi.advanceTimersByTime(60_000)
    expect(current()).toBe('update available')
  })
})
