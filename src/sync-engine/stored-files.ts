import { db, type UploadBucket } from '@/local-db/db'
import { assertOwner, readOwner } from '@/local-db/owner'
import { getSupabase } from '@/remote/client'

export const fileKey = (bucket: UploadBucket, path: string) => `${bucket}/${path}`

/** The bytes as a Blob of their type. */
const blobOf = (bytes: ArrayBuffer, contentType: string) => new Blob([bytes], { type: contentType })

/** Buckets anyone may read by URL (supabase/config.toml). */
const isPublic = (bucket: UploadBucket) => bucket === 'avatars' || bucket === 'content'

/** Where the browser fetches the object from: its public URL (avatars, covers), or a URL signed for a minute. */
async function urlOf(bucket: UploadBucket, path: string): Promise<string> {
  const storage = (await getSupabase()).storage.from(bucket)
  if (isPublic(bucket)) return storage.getPublicUrl(path).data.publicUrl
  const { data, error } = await storage.createSignedUrl(path, 60)
  if (error) throw error
  return data.signedUrl
}

/**
 * A stored file: from this device when it has shown (or queued) it before, otherwise fetched once
 * and kept, so it opens offline afterwards. A file still waiting to upload comes from the queue.
 */
export async function loadStoredFile(bucket: UploadBucket, path: string): Promise<Blob> {
  const fetchedFor = await readOwner()
  const key = fileKey(bucket, path)
  const seen = await db.seenFiles.get(key)
  if (seen) return blobOf(seen.bytes, seen.contentType)
  const queued = await db.outbox.filter((op) => op.kind === 'upload-file' && op.bucket === bucket && op.path === path).first()
  const waiting = queued && (await db.uploads.get(queued.opId))
  if (queued?.kind === 'upload-file' && waiting) return blobOf(waiting.bytes, queued.contentType)
  // A private file stays out of the browser's HTTP cache (another user of this device could find it
  // there): this device keeps its own copy in seenFiles, cleared with the rest of the user's data.
  const response = await fetch(await urlOf(bucket, path), { cache: isPublic(bucket) ? 'default' : 'no-store' })
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`)
  const bytes = await response.arrayBuffer()
  const contentType = response.headers.get('content-type') ?? 'application/octet-stream'
  // Kept only while the session that fetched it still owns this device's data (one that ended writes nothing).
  if (fetchedFor) {
    await db.transaction('rw', [db.seenFiles, db.owner], async () => {
      await assertOwner(fetchedFor)
      await db.seenFiles.put({ key, bytes, contentType, seenAt: Date.now() })
    })
  }
  return blobOf(bytes, contentType)
}
