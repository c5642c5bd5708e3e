import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '@/local-db/db'
import { releaseOwnership, takeOwnership } from '@/local-db/owner'
import { clearLocalData } from '@/local-db/wipe'
import { loadStoredFile } from './stored-files'

vi.mock('@/remote/client', () => ({
  getSupabase: async () => ({
    storage: { from: () => ({ createSignedUrl: async () => ({ data: { signedUrl: 'https://files.test/signed' }, error: null }) }) },
  }),
}))

/** A fetch that answers once `release` is called, so a test can end the session while the file is on its way. */
function fetchOnRelease() {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const fetch = vi.fn(async () => {
    await released
    return new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'application/pdf' } })
  })
  vi.stubGlobal('fetch', fetch)
  return { fetch, release }
}

beforeEach(() => clearLocalData())
afterEach(() => vi.unstubAllGlobals())

describe('a stored file fetched once', () => {
  it('is kept on the device for the user who opened it', async () => {
    await takeOwnership('u1')
    fetchOnRelease().release()
    await loadStoredFile('documents', 'u1/doc.pdf')
    expect(await db.seenFiles.get('documents/u1/doc.pdf')).toMatchObject({ contentType: 'application/pdf' })
  })

  it('is not kept when the session that opened it ended while it was fetched', async () => {
    await takeOwnership('u1')
    const { fetch, release } = fetchOnRelease()
    const loading = loadStoredFile('documents', 'u1/doc.pdf')
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    await releaseOwnership(null)
    await takeOwnership('u2')
    release()
    await expect(loading).rejects.toThrow()
    expect(await db.seenFiles.count()).toBe(0)
  })
})
