import { beforeEach, expect, it, vi } from 'vitest'
import { db } from './db'
import { takeOwnership } from './owner'
import { whenSynced } from './queries'
import { clearLocalData } from './wipe'

// Dexie's liveQuery, counting what it delivers and whether its watcher was let go.
const watched = vi.hoisted(() => ({ emissions: 0, unsubscribed: 0 }))
vi.mock('dexie', async (importOriginal) => {
  const dexie = await importOriginal<typeof import('dexie')>()
  const liveQuery: typeof dexie.liveQuery = (query) => {
    const observable = dexie.liveQuery(query)
    return {
      ...observable,
      subscribe(observer: { next?: (value: unknown) => void }) {
        const subscription = observable.subscribe({ ...observer, next: (value) => (watched.emissions++, observer.next?.(value)) })
        return { ...subscription, unsubscribe: () => (watched.unsubscribed++, subscription.unsubscribe()) }
      },
    } as never
  }
  return { ...dexie, liveQuery }
})

beforeEach(async () => {
  await clearLocalData()
  await takeOwnership('admin')
  watched.emissions = 0
  watched.unsubscribed = 0
})

it("resolves once the stream has been pulled whole for this user, not for another's pull or a pull still going", async () => {
  let synced = false
  await db.syncState.put({ key: 'directory', userId: 'someone-else', checkpoint: 'c1', syncedAt: 1 })
  const waiting = whenSynced('admin', 'directory').then(() => (synced = true))
  await vi.waitFor(() => expect(watched.emissions).toBe(1))
  await db.syncState.put({ key: 'directory', userId: 'admin', checkpoint: 'c1', syncedAt: null })
  await vi.waitFor(() => expect(watched.emissions).toBe(2))
  expect(synced).toBe(false)
  await db.syncState.put({ key: 'directory', userId: 'admin', checkpoint: 'c2', syncedAt: 2 })
  await waiting
  await vi.waitFor(() => expect(watched.unsubscribed).toBe(1))
})

it('aborted first, it rejects with the reason and stops watching the stream', async () => {
  const abort = new AbortController()
  const waiting = whenSynced('admin', 'directory', abort.signal)
  abort.abort(new Error('the finder left the screen'))
  await expect(waiting).rejects.toThrow('the finder left the screen')
  expect(watched.unsubscribed).toBe(1)
  await expect(whenSynced('admin', 'directory', abort.signal)).rejects.toThrow('the finder left the screen')
})
