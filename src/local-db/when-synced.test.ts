import { beforeEach, expect, it } from 'vitest'
import { db } from './db'
import { takeOwnership } from './owner'
import { whenSynced } from './queries'
import { clearLocalData } from './wipe'

beforeEach(async () => {
  await clearLocalData()
  await takeOwnership('admin')
})

it("resolves once this user's pull of the stream is whole, and at once when it already is", async () => {
  await db.syncState.put({ key: 'directory', userId: 'someone-else', checkpoint: 'c1', syncedAt: 1 })
  const waiting = whenSynced('admin', 'directory')
  await db.syncState.put({ key: 'directory', userId: 'admin', checkpoint: 'c1', syncedAt: null })
  await db.syncState.put({ key: 'directory', userId: 'admin', checkpoint: 'c2', syncedAt: 2 })
  await expect(waiting).resolves.toBeUndefined()
  await expect(whenSynced('admin', 'directory')).resolves.toBeUndefined()
})

it('aborted first, it rejects with the reason, and an aborted signal rejects at once', async () => {
  const abort = new AbortController()
  const waiting = whenSynced('admin', 'directory', abort.signal)
  abort.abort(new Error('the finder left the screen'))
  await expect(waiting).rejects.toThrow('the finder left the screen')
  await expect(whenSynced('admin', 'directory', abort.signal)).rejects.toThrow('the finder left the screen')
})
