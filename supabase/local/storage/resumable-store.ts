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
  createdAt: string
  /** Stored as an object: its bytes moved into place, its offset its length for ever. */
  done: boolean
}

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
  /** Uploads a request is writing to now: one at a time each. */
  private readonly writing = new Set<string>()

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

  /** Takes the upload for one request; false when another request is writing to it. */
  claim(id: string): boolean {
    if (this.writing.has(id)) return false
    this.writing.add(id)
    return true
  }

  release(id: string): void {
    this.writing.delete(id)
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
      // The client went away (or went quiet): what arrived is kept for the next request.
      return { ended: false, overflowed: false }
    } finally {
      clearTimeout(idle)
      await file.close()
    }
  }
}
