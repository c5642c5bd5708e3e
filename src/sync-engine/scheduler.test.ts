import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db, type SavePrealertOp } from '@/local-db/db'
import { takeOwnership, type DeviceOwner } from '@/local-db/owner'
import { clearLocalData } from '@/local-db/wipe'
import { newOpFields } from '@/outbox/queue'
import { queuePrealertSave } from '@/outbox/queue-prealerts'
import type { Supabase } from '@/remote/client'
import { fakeRealtime } from '@/remote/fake-realtime'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { useSessionStore } from '@/stores/session-store'
import { useSyncStatusStore } from '@/stores/sync-status-store'
import { startSync, type SyncSession } from './scheduler'
import { flushRequest } from './worker-protocol'

const streamOf: Record<string, string> = { pull_packages: 'packages', pull_profiles: 'profiles', pull_prealerts: 'prealerts', pull_shipments: 'shipments', pull_notifications: 'notifications', pull_account_entries: 'entries' }
/** How many streams each stage of a customer's pull asks for at once: the dashboard's four, then the inbox. */
const customerStages = [4, 1]

/**
 * A backend whose answers wait until the test releases them (an empty page for each pull, the last
 * unless the test says more follow; the recorded prealert for a save), as the real RPCs shape them. It records what ran, how many at once,
 * and whether a call was aborted.
 */
function slowBackend() {
  const waiting: { name: string; answer: (more: boolean) => void }[] = []
  const running = new Map<string, number>()
  const calls = new Map<string, number>()
  const aborted: string[] = []
  let mostAtOnce = 0
  const realtime = fakeRealtime()
  const client = {
    ...realtime.client,
    rpc(name: string, args: Record<string, unknown>) {
      calls.set(name, (calls.get(name) ?? 0) + 1)
      running.set(name, (running.get(name) ?? 0) + 1)
      mostAtOnce = Math.max(mostAtOnce, running.get(name)!)
      let signal: AbortSignal | undefined
      const answer = new Promise((resolve) => {
        const settle = (value: unknown) => {
          running.set(name, running.get(name)! - 1)
          resolve(value)
        }
        waiting.push({
          name,
          answer: (more) =>
            settle(
              name in streamOf
                ? { data: { [streamOf[name]!]: [], checkpoint: `${name}:${calls.get(name)}`, has_more: more }, error: null, status: 200 }
                : { data: { id: args.p_id, user_id: 'user-1', version: 1, state: 'announced' }, error: null, status: 200 },
            ),
        })
        const abort = () => {
          aborted.push(name)
          settle({ data: null, error: { message: 'aborted', code: '' }, status: 0 })
        }
        queueMicrotask(() => {
          if (signal?.aborted) abort()
          else signal?.addEventListener('abort', abort)
        })
      })
      const call = {
        abortSignal: (given: AbortSignal) => {
          signal = given
          return call
        },
        then: answer.then.bind(answer),
      }
      return call
    },
  }
  const answer = async (name?: string, { more = false } = {}) => {
    for (const call of waiting.filter((call) => name === undefined || call.name === name)) {
      waiting.splice(waiting.indexOf(call), 1)
      call.answer(more)
    }
    // Let the sync engine write what it got and ask for what comes next.
    await vi.waitFor(() => expect(db.syncState.count()).resolves.toBeGreaterThanOrEqual(0))
  }
  /** Answers the pull under way, stage after stage (a customer's inbox comes after the rest), and waits until it has ended. */
  const finishPull = async () => {
    await vi.waitFor(() => expect(waiting.filter((call) => call.name in streamOf).length).toBe(customerStages[0]))
    await vi.waitFor(async () => {
      await answer()
      expect(useSyncStatusStore.getState().state).toBe('idle')
    })
  }
  return {
    realtime,
    finishPull,
    getClient: async () => client as unknown as Supabase,
    callsOf: (name: string) => calls.get(name) ?? 0,
    waitingFor: (name: string) => waiting.filter((call) => call.name === name).length,
    runningNow: (name: string) => running.get(name) ?? 0,
    mostAtOnce: () => mostAtOnce,
    aborted,
    answer,
  }
}

const reconnect = () => {
  useConnectivityStore.setState({ reachable: false })
  useConnectivityStore.setState({ reachable: true })
}

let owner: DeviceOwner
let sync: SyncSession | undefined
beforeEach(async () => {
  owner = await takeOwnership('user-1')
})
afterEach(async () => {
  await sync?.stop()
  sync = undefined
  vi.useRealTimers()
  vi.unstubAllGlobals()
  useConnectivityStore.setState({ reachable: true, waiting: 0 })
  useSessionStore.setState({ role: null })
  await clearLocalData()
})

describe('startSync', () => {
  it('pulls every stream, and each succeeds (the status shows no error)', async () => {
    const backend = slowBackend()
    sync = startSync(backend.getClient, owner, 'token')
    await backend.finishPull()
    expect(useSyncStatusStore.getState().error).toBeNull()
    expect((await db.syncState.toArray()).map((state) => [state.key, state.syncedAt !== null])).toEqual([
      ['account-entries', true],
      ['notifications', true],
      ['packages', true],
      ['prealerts', true],
      ['profiles', true],
      ['shipments', true],
    ])
  })

  it('never cuts a pull whose pages keep arriving, however long it takes in all', async () => {
    // Only the clock is fake: IndexedDB's tasks run as they would.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    const backend = slowBackend()
    sync = startSync(backend.getClient, owner, 'token')
    // A page of packages every 50 s for 200 s: each request moves, and the pull as a whole takes long.
    for (let page = 1; page <= 4; page++) {
      await vi.waitFor(() => expect(backend.waitingFor('pull_packages')).toBe(1))
      await vi.advanceTimersByTimeAsync(50_000)
      await backend.answer('pull_packages', { more: true })
    }
    expect(backend.aborted).toEqual([])
    await backend.finishPull()
    expect(useSyncStatusStore.getState().error).toBeNull()
    expect((await db.syncState.get('packages'))?.syncedAt).toEqual(expect.any(Number))
  })

  it('refreshes one at a time: triggers during a pull ask for one more pull, not one each', async () => {
    const backend = slowBackend()
    sync = startSync(backend.getClient, owner, 'token')
    await vi.waitFor(() => expect(backend.callsOf('pull_packages')).toBe(1))
    for (let i = 0; i < 5; i++) reconnect()
    document.dispatchEvent(new Event('visibilitychange'))
    expect(backend.callsOf('pull_packages')).toBe(1)

    await vi.waitFor(() => expect(backend.waitingFor('pull_prealerts')).toBe(1))
    await backend.answer()
    await vi.waitFor(() => expect(backend.waitingFor('pull_notifications')).toBe(1))
    await backend.answer()
    await vi.waitFor(() => expect(backend.callsOf('pull_packages')).toBe(2))
    await backend.finishPull()
    expect(backend.callsOf('pull_packages')).toBe(2)
    expect(backend.callsOf('pull_profiles')).toBe(2)
    expect(backend.callsOf('pull_prealerts')).toBe(2)
    expect(backend.mostAtOnce()).toBe(1)
  })

  it('ends a pull only once every stream has settled: one failing does not let the next pull page beside the others', async () => {
    const backend = slowBackend()
    sync = startSync(backend.getClient, owner, 'token')
    await vi.waitFor(() => expect(backend.waitingFor('pull_packages')).toBe(1))
    // The profiles' stream fails at once (its page cannot be written: the device changed hands meanwhile).
    await db.owner.clear()
    await backend.answer('pull_profiles')
    reconnect()
    await vi.waitFor(() => expect(backend.runningNow('pull_profiles')).toBe(0))
    expect(backend.callsOf('pull_packages')).toBe(1)
    await db.owner.put({ key: 'owner', ...owner })
    await backend.answer()
    await vi.waitFor(() => expect(backend.callsOf('pull_packages')).toBe(2))
    expect(backend.mostAtOnce()).toBe(1)
  })

  it('joins the live channel with the user’s token on the customer’s own rows; live only once the server confirms', async () => {
    useSessionStore.setState({ role: 'user' })
    const backend = slowBackend()
    sync = startSync(backend.getClient, owner, 'token-1')
    await vi.waitFor(() => expect(backend.realtime.current()).toBeDefined())
    const channel = backend.realtime.current()!
    expect(channel.token).toBe('token-1')
    expect(channel.filters).toContainEqual({ event: '*', schema: 'public', table: 'packages', filter: 'user_id=eq.user-1' })
    expect(channel.filters).toContainEqual({ event: '*', schema: 'public', table: 'prealerts', filter: 'user_id=eq.user-1' })
    await backend.finishPull()
    const before = backend.callsOf('pull_packages')

    channel.joined()
    expect(useSyncStatusStore.getState().live).toBe(false)
    channel.confirmed()
    expect(useSyncStatusStore.getState().live).toBe(true)
    await vi.waitFor(() => expect(backend.callsOf('pull_packages')).toBe(before + 1))
    await backend.finishPull()

    for (let i = 0; i < 5; i++) channel.changed()
    await vi.waitFor(() => expect(backend.callsOf('pull_packages')).toBe(before + 2))
    await backend.finishPull()
    expect(backend.callsOf('pull_packages')).toBe(before + 2)

    channel.confirmed('error')
    expect(useSyncStatusStore.getState().live).toBe(false)
  })

  it('pulls when the live channel hears a change while the backend is thought unreachable: the message is the backend answering, so nothing waits for the next probe', async () => {
    useSessionStore.setState({ role: 'user' })
    const backend = slowBackend()
    sync = startSync(backend.getClient, owner, 'token')
    await vi.waitFor(() => expect(backend.realtime.current()).toBeDefined())
    const channel = backend.realtime.current()!
    channel.joined()
    channel.confirmed()
    await backend.finishPull()
    const before = backend.callsOf('pull_packages')

    // The connection dropped and came back; no probe has been answered since (none runs here), but
    // the change made meanwhile comes in on the channel.
    useConnectivityStore.setState({ reachable: false })
    channel.changed()
    await vi.waitFor(() => expect(backend.callsOf('pull_packages')).toBe(before + 1))
    expect(useConnectivityStore.getState().reachable).toBe(true)
  })

  it('rejoins a refused channel with the token of a confirmed or refreshed session', async () => {
    useSessionStore.setState({ role: 'user' })
    const backend = slowBackend()
    sync = startSync(backend.getClient, owner, 'stale-token')
    await vi.waitFor(() => expect(backend.realtime.current()).toBeDefined())
    backend.realtime.current()!.joined()
    backend.realtime.current()!.confirmed('error', 'invalid column for filter user_id')
    sync.authorize('fresh-token')
    expect(backend.realtime.current()!.token).toBe('fresh-token')
    backend.realtime.current()!.joined()
    backend.realtime.current()!.confirmed()
    expect(useSyncStatusStore.getState().live).toBe(true)
  })

  it('stops the channel when the role goes away', async () => {
    useSessionStore.setState({ role: 'admin' })
    const backend = slowBackend()
    sync = startSync(backend.getClient, owner, 'token')
    await vi.waitFor(() => expect(backend.realtime.current()).toBeDefined())
    const channel = backend.realtime.current()!
    expect(channel.filters).toContainEqual({ event: '*', schema: 'public', table: 'packages' })
    useSessionStore.setState({ role: null })
    expect(channel.removed).toBe(true)
  })

  it('sends and pulls nothing while the backend is known not to answer, and both once it answers again', async () => {
    useConnectivityStore.setState({ reachable: false })
    const backend = slowBackend()
    sync = startSync(backend.getClient, owner, 'token')
    await queuePrealertSave('user-1', null, { tracking_code: '1Z1', store: 'Amazon', description: 'Book', declared_value_usd: 10, expected_on: null })
    expect(backend.callsOf('pull_packages')).toBe(0)
    expect(backend.callsOf('save_prealert')).toBe(0)
    useConnectivityStore.setState({ reachable: true })
    await vi.waitFor(() => expect(backend.callsOf('pull_packages')).toBe(1))
    await vi.waitFor(() => expect(backend.callsOf('save_prealert')).toBe(1))
  })

  it('asks for the backend to be probed while it runs', async () => {
    const backend = slowBackend()
    sync = startSync(backend.getClient, owner, 'token')
    expect(useConnectivityStore.getState().waiting).toBe(1)
    await sync.stop()
    expect(useConnectivityStore.getState().waiting).toBe(0)
  })

  it('answers the service worker through the same push, which a pull follows', async () => {
    const worker = Object.assign(new EventTarget(), { ready: new Promise(() => undefined) })
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: worker }))
    const backend = slowBackend()
    sync = startSync(backend.getClient, owner, 'token')
    await backend.finishPull()
    const pulls = backend.callsOf('pull_packages')
    // Queued by another tab or before this page loaded: only the worker's request sends it.
    const op: SavePrealertOp = { ...newOpFields('user-1'), nextAttemptAt: Date.now() + 60_000, kind: 'save-prealert', prealertId: 'p-1', prealert: { tracking_code: '1Z1', store: 'Amazon', description: 'Book', declared_value_usd: 10, expected_on: null } }
    await db.outbox.add(op)
    const channel = new MessageChannel()
    const reply = new Promise<unknown>((resolve) => (channel.port1.onmessage = (event) => resolve(event.data)))
    worker.dispatchEvent(new MessageEvent('message', { data: { type: flushRequest }, ports: [channel.port2] }))
    await vi.waitFor(() => expect(backend.waitingFor('save_prealert')).toBe(1))
    await backend.answer('save_prealert')
    expect(await reply).toEqual({ done: true })
    await vi.waitFor(() => expect(backend.callsOf('pull_packages')).toBe(pulls + 1))
  })

  it('stops: requests in flight are aborted, it resolves once they have ended, and nothing runs after', async () => {
    const backend = slowBackend()
    sync = startSync(backend.getClient, owner, 'token')
    await vi.waitFor(() => expect(backend.runningNow('pull_packages')).toBe(1))
    await sync.stop()
    // The dashboard's stage was in flight; the inbox's never started.
    expect(backend.aborted.sort()).toEqual(['pull_packages', 'pull_prealerts', 'pull_profiles', 'pull_shipments'])
    expect(backend.callsOf('pull_notifications')).toBe(0)
    expect(backend.runningNow('pull_packages')).toBe(0)
    reconnect()
    document.dispatchEvent(new Event('visibilitychange'))
    expect(backend.callsOf('pull_packages')).toBe(1)
    expect(useSyncStatusStore.getState()).toMatchObject({ state: 'idle', live: false })
  })
})
