import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { fakeRealtime } from './fake-realtime'
import { openLiveChannel, type LiveChannel } from './live-changes'

const tables = [{ table: 'packages', filter: 'user_id=eq.u1' }, { table: 'prealerts', filter: 'user_id=eq.u1' }]

let channel: LiveChannel | undefined
beforeEach(() => {
  vi.useFakeTimers()
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})
afterEach(() => {
  channel?.stop()
  useConnectivityStore.setState({ reachable: true })
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function open(token: string | null) {
  const realtime = fakeRealtime()
  const live: boolean[] = []
  const changes: string[] = []
  channel = openLiveChannel(realtime.client, tables, token, { onLive: (value) => live.push(value), onChange: (table) => changes.push(table) })
  return { realtime, live, changes, isLive: () => live.at(-1) ?? false }
}

describe('the live channel', () => {
  it('joins with the user’s access token, one subscription per table', () => {
    const { realtime } = open('token-1')
    expect(realtime.channels).toHaveLength(1)
    expect(realtime.current()!.token).toBe('token-1')
    expect(realtime.current()!.filters).toEqual(tables.map(({ table, filter }) => ({ event: '*', schema: 'public', table, filter })))
  })

  it('does not join without a token, and joins once one is given', () => {
    const { realtime } = open(null)
    expect(realtime.channels).toHaveLength(0)
    channel!.authorize('token-1')
    expect(realtime.current()!.token).toBe('token-1')
  })

  it('is live only once the server confirmed the subscriptions, in either order of the answers', () => {
    const first = open('token-1')
    first.realtime.current()!.joined()
    expect(first.isLive()).toBe(false)
    first.realtime.current()!.confirmed()
    expect(first.isLive()).toBe(true)
    channel!.stop()

    const second = open('token-1')
    second.realtime.current()!.confirmed()
    expect(second.isLive()).toBe(false)
    second.realtime.current()!.joined()
    expect(second.isLive()).toBe(true)
  })

  it('passes changes on as pokes', () => {
    const { realtime, changes } = open('token-1')
    realtime.current()!.changed()
    expect(changes).toEqual(['packages', 'prealerts'])
  })

  it('counts whatever the server says on the channel as the backend answering, and nothing the client says for it', async () => {
    const { realtime } = open('token-1')
    const heard = (say: () => void) => {
      useConnectivityStore.setState({ reachable: false })
      say()
      return useConnectivityStore.getState().reachable
    }
    expect(heard(() => realtime.current()!.joined())).toBe(true)
    expect(heard(() => realtime.current()!.confirmed())).toBe(true)
    expect(heard(() => realtime.current()!.changed())).toBe(true)
    expect(heard(() => realtime.current()!.confirmed('error'))).toBe(true)
    for (const status of ['CHANNEL_ERROR', 'TIMED_OUT', 'CLOSED'] as const) {
      await vi.advanceTimersByTimeAsync(10_000)
      expect(heard(() => realtime.current()!.failed(status))).toBe(false)
    }
  })

  it('counts a refused subscription as down and joins anew with backoff (1, 2, 5, then every 10 s)', async () => {
    const { realtime, isLive } = open('token-1')
    realtime.current()!.joined()
    realtime.current()!.confirmed('error')
    expect(isLive()).toBe(false)
    expect(realtime.channels[0]!.removed).toBe(true)
    for (const [attempt, delay] of [1000, 2000, 5000, 10_000, 10_000].entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1)
      expect(realtime.channels).toHaveLength(attempt + 1)
      await vi.advanceTimersByTimeAsync(1)
      expect(realtime.channels).toHaveLength(attempt + 2)
      realtime.current()!.failed(attempt % 2 ? 'TIMED_OUT' : 'CHANNEL_ERROR')
    }
    await vi.advanceTimersByTimeAsync(10_000)
    realtime.current()!.joined()
    realtime.current()!.confirmed()
    expect(isLive()).toBe(true)
  })

  it('goes down on CHANNEL_ERROR, TIMED_OUT or CLOSED after being live', async () => {
    for (const status of ['CHANNEL_ERROR', 'TIMED_OUT', 'CLOSED'] as const) {
      const { realtime, isLive } = open('token-1')
      realtime.current()!.joined()
      realtime.current()!.confirmed()
      expect(isLive()).toBe(true)
      realtime.current()!.failed(status)
      expect(isLive()).toBe(false)
      await vi.advanceTimersByTimeAsync(1000)
      expect(realtime.channels).toHaveLength(2)
      channel!.stop()
    }
  })

  it('ignores whatever a channel it gave up on still says: a late CLOSED does not switch the new one off', async () => {
    const { realtime, isLive, changes } = open('token-1')
    const old = realtime.current()!
    old.failed('TIMED_OUT')
    await vi.advanceTimersByTimeAsync(1000)
    const current = realtime.current()!
    current.joined()
    current.confirmed()
    expect(isLive()).toBe(true)
    old.failed('CLOSED')
    old.confirmed('error')
    old.changed()
    expect(isLive()).toBe(true)
    expect(changes).toEqual([])
    expect(realtime.channels).toHaveLength(2)
  })

  it('rejoins a refused channel at once with a refreshed token', () => {
    const { realtime, isLive } = open('expired-token')
    realtime.current()!.joined()
    realtime.current()!.confirmed('error', 'token has expired')
    channel!.authorize('fresh-token')
    expect(realtime.channels).toHaveLength(2)
    expect(realtime.current()!.token).toBe('fresh-token')
    realtime.current()!.joined()
    realtime.current()!.confirmed()
    expect(isLive()).toBe(true)
  })

  it('hands a live channel a refreshed token without leaving it', () => {
    const { realtime, isLive } = open('token-1')
    realtime.current()!.joined()
    realtime.current()!.confirmed()
    channel!.authorize('token-2')
    expect(realtime.channels).toHaveLength(1)
    expect(realtime.token()).toBe('token-2')
    expect(isLive()).toBe(true)
  })

  it('stops: the channel is removed, not live, and not joined again', async () => {
    const { realtime, isLive } = open('token-1')
    realtime.current()!.joined()
    realtime.current()!.confirmed()
    channel!.stop()
    expect(isLive()).toBe(false)
    expect(realtime.channels[0]!.removed).toBe(true)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(realtime.channels).toHaveLength(1)
  })
})
