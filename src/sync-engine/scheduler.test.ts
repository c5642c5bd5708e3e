import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearLocalData } from '@/local-db/wipe'
import type { Supabase } from '@/remote/client'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { useSessionStore } from '@/stores/session-store'
import { useSyncStatusStore } from '@/stores/sync-status-store'
import { startSync } from './scheduler'

/** A backend whose pull answers (empty pages) wait until the test releases them; it records what ran at once. */
function slowBackend() {
  const waiting: (() => void)[] = []
  const running = new Map<string, number>()
  const calls = new Map<string, number>()
  let mostAtOnce = 0
  const live = { subscribed: (_status: string) => {}, changed: () => {}, filters: [] as unknown[] }
  const channel = {
    on(_type: string, filter: unknown, callback: () => void) {
      live.filters.push(filter)
      live.changed = callback
      return channel
    },
    subscribe(callback: (status: string) => void) {
      live.subscribed = callback
      return channel
    },
  }
  const client = {
    channel: () => channel,
    removeChannel: async () => 'ok',
    rpc(name: string) {
      calls.set(name, (calls.get(name) ?? 0) + 1)
      running.set(name, (running.get(name) ?? 0) + 1)
      mostAtOnce = Math.max(mostAtOnce, running.get(name)!)
      const answer = new Promise((resolve) =>
        waiting.push(() => {
          running.set(name, running.get(name)! - 1)
          resolve({ data: { [name === 'pull_packages' ? 'packages' : 'profiles']: [], checkpoint: null, has_more: false }, error: null })
        }),
      )
      const call = { abortSignal: () => call, then: answer.then.bind(answer) }
      return call
    },
  }
  return {
    live,
    getClient: async () => client as unknown as Supabase,
    callsOf: (name: string) => calls.get(name) ?? 0,
    mostAtOnce: () => mostAtOnce,
    answerAll: async () => {
      while (waiting.length > 0) waiting.shift()!()
      await new Promise((resolve) => setTimeout(resolve, 20))
    },
  }
}

const reconnect = () => {
  useConnectivityStore.setState({ reachable: false })
  useConnectivityStore.setState({ reachable: true })
}

let stop: (() => void) | undefined
afterEach(async () => {
  stop?.()
  useConnectivityStore.setState({ browserOnline: true, reachable: true })
  useSessionStore.setState({ role: null })
  await clearLocalData()
})

describe('startSync', () => {
  it('refreshes one at a time: triggers during a pull ask for one more pull, not one each', async () => {
    const backend = slowBackend()
    stop = startSync(backend.getClient, 'user-1')
    await vi.waitFor(() => expect(backend.callsOf('pull_packages')).toBe(1))
    for (let i = 0; i < 5; i++) reconnect()
    document.dispatchEvent(new Event('visibilitychange'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(backend.callsOf('pull_packages')).toBe(1)

    await backend.answerAll()
    await vi.waitFor(() => expect(backend.callsOf('pull_packages')).toBe(2))
    await backend.answerAll()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(backend.callsOf('pull_packages')).toBe(2)
    expect(backend.callsOf('pull_profiles')).toBe(2)
    expect(backend.callsOf('pull_prealerts')).toBe(2)
    expect(backend.mostAtOnce()).toBe(1)
  })

  it("listens live to the customer's own rows; joining pulls, and a burst of changes costs one pull", async () => {
    useSessionStore.setState({ role: 'user' })
    const backend = slowBackend()
    stop = startSync(backend.getClient, 'user-1')
    await vi.waitFor(() => expect(backend.live.filters).toHaveLength(4))
    expect(backend.live.filters).toContainEqual({ event: '*', schema: 'public', table: 'packages', filter: 'user_id=eq.user-1' })
    expect(backend.live.filters).toContainEqual({ event: '*', schema: 'public', table: 'prealerts', filter: 'user_id=eq.user-1' })
    await backend.answerAll()
    const before = backend.callsOf('pull_packages')

    backend.live.subscribed('SUBSCRIBED')
    expect(useSyncStatusStore.getState().live).toBe(true)
    await vi.waitFor(() => expect(backend.callsOf('pull_packages')).toBe(before + 1))
    await backend.answerAll()

    for (let i = 0; i < 5; i++) backend.live.changed()
    await vi.waitFor(() => expect(backend.callsOf('pull_packages')).toBe(before + 2))
    await backend.answerAll()
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(backend.callsOf('pull_packages')).toBe(before + 2)

    backend.live.subscribed('CHANNEL_ERROR')
    expect(useSyncStatusStore.getState().live).toBe(false)
  })

  it('does not pull while the browser is offline, and pulls when it comes back', async () => {
    useConnectivityStore.setState({ browserOnline: false })
    const backend = slowBackend()
    stop = startSync(backend.getClient, 'user-1')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(backend.callsOf('pull_packages')).toBe(0)
    useConnectivityStore.setState({ browserOnline: true })
    await vi.waitFor(() => expect(backend.callsOf('pull_packages')).toBe(1))
  })

  it('stops: no pull after stop, however the connection changes', async () => {
    const backend = slowBackend()
    stop = startSync(backend.getClient, 'user-1')
    await vi.waitFor(() => expect(backend.callsOf('pull_packages')).toBe(1))
    stop()
    await backend.answerAll()
    reconnect()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(backend.callsOf('pull_packages')).toBe(1)
  })
})
