import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '@/local-db/db'
import { releaseOwnership, takeOwnership } from '@/local-db/owner'
import { clearLocalData } from '@/local-db/wipe'
import { loadStoredFile } from './stored-files'

/** Storage's request to sign a file's URL (a POST), as opposed to the signed URL's GET. */
const isSigning = (input: RequestInfo | URL, init?: RequestInit) => (input instanceof Request ? input.method : (init?.method ?? 'GET')) === 'POST'

/**
 * The network as the app's real client meets it (no module mock: files share their worker, and a mock
 * applies only to a file that imports the module first): Storage signs the file's URL, and the file
 * itself answers once `release` is called, so a test can end the session while it is on its way.
 */
function fetchOnRelease() {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (isSigning(input, init)) return Response.json({ signedURL: '/object/sign/documents/u1/doc.pdf?token=t' })
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
    await vi.waitFor(() => expect(fetch.mock.calls.some(([input, init]) => !isSigning(input, init))).toBe(true))
    await releaseOwnership({ discardWork: true })
    await takeOwnership('u2')
    release()
    await expect(loading).rejects.toThrow()
    expect(await db.seenFiles.count()).toBe(0)
  })
})
