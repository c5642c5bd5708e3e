import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearLocalData } from '@/local-db/wipe'
import type { Supabase } from '@/remote/client'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { startSync } from './scheduler'

/** A backend whose pull answers (empty pages) wait until the test releases them; it records what ran at once. */
function slowBackend() {
  const waiting: (() => void)[] = []
  const running = new Map<string, number>()
  const calls = new Map<string, number>()
  let mostAtOnce = 0
  const client = {
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
    expect(backend.mostAtOnce()).toBe(1)
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
