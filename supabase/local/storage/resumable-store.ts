import { createHash } from 'node:crypto'
import { mkdir, open, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'

/** A resumable upload as its creation described it: where its bytes go, how many, of what type. */
export interface ResumableUpload {
  id: string
  bucket: string
  key: string
  length: number
  contentType: string
  cacheControl: string
  /** Upload-Metadata as HEAD answers it (absent on uploads created before HEAD said it). */
  metadata?: string
  createdAt: string
  /** Stored as an object: its bytes moved into place, its offset its length for ever. */
  done: boolean
}

/** How long a request waits for the one holding its upload to let go (Supabase Storage waits 5 s). */
const LOCK_WAIT_MS = 5000

/** What one request's body added to an upload. */
export interface Appended {
  /** The body ended as sent (rather than the client going away, or going quiet for too long). */
  ended: boolean
  /** More bytes came than the upload has room for; what fitted was kept. */
  overflowed: boolean
}

/**
 * Resumable uploads in progress, on disk under `root`: a description and the bytes received so
 * far, so an upload survives a dropped connection and a restart of the stand-in. What a request
 * sent before its connection dropped is kept: the next request goes on from there.
 */
export class ResumableUploads {
  /** The request holding each upload now (one at a time), and how to ask it to stop. */
  private readonly holders = new Map<string, { stop: () => void; released: Promise<void> }>()

  constructor(private readonly root: string) {}

  /** Upload ids are long (bucket and path, base64url): files are named by their hash. */
  private pathsOf(id: string) {
    const name = createHash('sha256').update(id).digest('hex')
    return { description: join(this.root, `${name}.json`), bytes: join(this.root, name) }
  }

  bytesPath(id: string): string {
    return this.pathsOf(id).bytes
  }

  async create(upload: ResumableUpload): Promise<void> {
    const paths = this.pathsOf(upload.id)
    await mkdir(this.root, { recursive: true })
    await writeFile(paths.bytes, new Uint8Array())
    await writeFile(paths.description, JSON.stringify(upload))
  }

  /** The upload and the offset the server has (bytes received so far), or null when there is none. */
  async find(id: string): Promise<{ upload: ResumableUpload; offset: number } | null> {
    const paths = this.pathsOf(id)
    let upload: ResumableUpload
    try {
      upload = JSON.parse(await readFile(paths.description, 'utf8')) as ResumableUpload
    } catch {
      return null
    }
    if (upload.id !== id) return null
    return { upload, offset: upload.done ? upload.length : (await stat(paths.bytes)).size }
  }

  async markDone(upload: ResumableUpload): Promise<void> {
    await writeFile(this.pathsOf(upload.id).description, JSON.stringify({ ...upload, done: true }))
  }

  /**
   * Takes the upload for one request, first asking the request that holds it to `stop` (a part
   * still arriving from a client that went away, or gave up on it), as Supabase Storage's lock does.
   * Resolves with the release, or null if the holder did not let go in time.
   */
  async lock(id: string, stop: () => void): Promise<(() => void) | null> {
    const deadline = Date.now() + LOCK_WAIT_MS
    for (let holder = this.holders.get(id); holder; holder = this.holders.get(id)) {
      holder.stop()
      let timer: ReturnType<typeof setTimeout> | undefined
      const gone = await Promise.race([holder.released.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()))))])
      clearTimeout(timer)
      if (!gone) return null
    }
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    this.holders.set(id, { stop, released })
    return () => {
      this.holders.delete(id)
      release()
    }
  }

  /**
   * Appends `body` as it arrives, at most `room` bytes. A body that stops arriving for `idleMs`
   * is given up on (a connection that died without closing), keeping what came.
   */
  async append(id: string, body: Readable, room: number, idleMs: number): Promise<Appended> {
    const file = await open(this.pathsOf(id).bytes, 'a')
    let idle: ReturnType<typeof setTimeout> | undefined
    const watch = () => {
      clearTimeout(idle)
      idle = setTimeout(() => body.destroy(new Error('no bytes arrived for too long')), idleMs)
    }
    let left = room
    try {
      watch()
      for await (const chunk of body as AsyncIterable<Buffer>) {
        watch()
        if (chunk.length > left) {
          await file.write(chunk.subarray(0, left))
          body.destroy()
          return { ended: false, overflowed: true }
        }
        await file.write(chunk)
        left -= chunk.length
      }
      return { ended: true, overflowed: false }
    } catch {
      // The client went away, went quiet or was asked to stop: what arrived is kept for the next request.
      return { ended: false, overflowed: false }
    } finally {
      clearTimeout(idle)
      await file.close()
    }
  }
}
