import { expect, it } from 'vitest'
import { db } from './db'
import { whenSynced } from './queries'

// Each test has its own user, and touches only the stream's sync state: no wipe of the whole device
// database, which would wait behind any other file's transaction in this shared worker.
it("resolves once this user's pull of the stream is whole, and at once when it already is", async () => {
  const user = crypto.randomUUID()
  await db.syncState.put({ key: 'directory', userId: 'someone-else', checkpoint: 'c1', syncedAt: 1 })
  const waiting = whenSynced(user, 'directory')
  await db.syncState.put({ key: 'directory', userId: user, checkpoint: 'c1', syncedAt: null })
  await db.syncState.put({ key: 'directory', userId: user, checkpoint: 'c2', syncedAt: 2 })
  await expect(waiting).resolves.toBeUndefined()
  await expect(whenSynced(user, 'directory')).resolves.toBeUndefined()
})

it('aborted first, it rejects with the reason, and an aborted signal rejects at once', async () => {
  const user = crypto.randomUUID()
  const abort = new AbortController()
  const waiting = whenSynced(user, 'directory', abort.signal)
  abort.abort(new Error('the finder left the screen'))
  await expect(waiting).rejects.toThrow('the finder left the screen')
  await expect(whenSynced(user, 'directory', abort.signal)).rejects.toThrow('the finder left the screen')
})
