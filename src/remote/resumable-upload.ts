import { DefaultHttpStack, Upload, type DetailedError, type HttpRequest, type HttpResponse, type HttpStack } from 'tus-js-client'
import { reportReachable } from '@/stores/connectivity-store'
import { supabaseAnonKey } from './config'
import type { Supabase } from './create-client'
import { slowestUploadBytesPerSecond } from './fetch'

/** Hosted Supabase Storage takes a resumable upload's parts in exactly this size (all but the last). */
export const uploadPartBytes = 6 * 1024 * 1024
/** A request whose bytes stop moving this long is given up on (a link that died without a word); the upload resumes from what the server has. */
export const uploadStallMs = 20_000
/** Tries within one send after a drop, a stall or a busy upload, before the outbox takes over with its own backoff. */
const retryDelaysMs = [0, 1000, 3000, 5000, 10_000]

export interface ResumableFile {
  bucket: string
  path: string
  contentType: string
  /** Seconds as Storage keeps them (`max-age`), or anything else for `no-cache`. */
  cacheControl: string
  bytes: ArrayBuffer
  /** Where an earlier try began this upload: it goes on from the offset the server confirms. */
  uploadUrl: string | null
}

export interface UploadWatcher {
  /** The upload's URL as soon as the server gives it (and again when it starts over): kept, a reload resumes from it. */
  onUrl(url: string): void
  onProgress(sent: number, total: number): void
}

/**
 * Stored: now, or by an earlier try whose answer was lost (Storage's 409 "already exists": the path
 * is this file's alone). Not stored: the answer's status (0 for none), and Storage's own code when
 * the body was Storage's (a tus answer in plain text, or a gateway's page, has none).
 */
export type UploadOutcome = { stored: true } | { stored: false; status: number; message: string; code?: string }

class UploadStalled extends Error {
  constructor() {
    super(`No bytes moved for ${uploadStallMs / 1000} s`)
    this.name = 'UploadStalled'
  }
}

/** A part's size, whichever HTTP stack's body it is. */
const sizeOf = (body: unknown) => (body instanceof Blob ? body.size : ArrayBuffer.isView(body) ? body.byteLength : 0)

/**
 * A request that fails when its bytes stop moving, never because it takes long: each bit of the
 * body handed to the network gives it another `uploadStallMs`. Once all of it is handed over, the
 * system's buffers may still hold much of it (megabytes, where the network is quick to accept): the
 * answer is then awaited as long as the body takes at the slowest rate the app allows for
 * (`slowestUploadBytesPerSecond`, as for any request body). Every answer says the backend is
 * reachable; a failure says nothing (a drop or a stall mid-upload is no reason to hold back the rest
 * of the outbox: the next request finds out).
 */
class StallingRequest implements HttpRequest {
  private onProgress: (bytesSent: number) => void = () => {}
  private moved: (handedOver: number) => void = () => {}

  constructor(private readonly inner: HttpRequest) {
    inner.setProgressHandler((bytesSent) => {
      this.moved(bytesSent)
      this.onProgress(bytesSent)
    })
  }

  getMethod = () => this.inner.getMethod()
  getURL = () => this.inner.getURL()
  setHeader = (header: string, value: string) => this.inner.setHeader(header, value)
  getHeader = (header: string) => this.inner.getHeader(header)
  getUnderlyingObject = () => this.inner.getUnderlyingObject()
  abort = () => this.inner.abort()

  setProgressHandler(handler: (bytesSent: number) => void) {
    this.onProgress = handler
  }

  send(body: unknown): Promise<HttpResponse> {
    const size = sizeOf(body)
    const drainMs = (size / slowestUploadBytesPerSecond) * 1000
    return new Promise((resolve, reject) => {
      const stalled = () => {
        void this.inner.abort()
        reject(new UploadStalled())
      }
      let timer = setTimeout(stalled, uploadStallMs)
      this.moved = (handedOver: number) => {
        clearTimeout(timer)
        timer = setTimeout(stalled, uploadStallMs + (handedOver >= size ? drainMs : 0))
      }
      this.inner.send(body).then(
        (response) => {
          clearTimeout(timer)
          reportReachable(true)
          resolve(response)
        },
        (error: unknown) => {
          clearTimeout(timer)
          reject(error instanceof Error ? error : new Error('The request failed'))
        },
      )
    })
  }
}

/** tus-js-client's HTTP stack with each request given up on only when its bytes stop moving. */
export const stallingStack = (inner: HttpStack): HttpStack => ({
  createRequest: (method, url) => new StallingRequest(inner.createRequest(method, url)),
  getName: () => `stalling ${inner.getName()}`,
})

/**
 * The file's bytes in parts, as both of tus-js-client's HTTP stacks send them (XMLHttpRequest in the
 * page, Node's http in tests): a Uint8Array carrying its `size`, as tus-js-client's own sources do.
 */
const arrayBufferReader = {
  openFile: async (bytes: ArrayBuffer) => ({
    size: bytes.byteLength,
    slice: async (start: number, end: number) => {
      const to = Math.min(end, bytes.byteLength)
      return { value: Object.assign(new Uint8Array(bytes, start, to - start), { size: to - start }), done: to >= bytes.byteLength }
    },
    close: () => {},
  }),
}

/** Storage's endpoint of the client's project (supabase-js keeps it to itself; its public URLs start with it). */
function storageUrlOf(client: Supabase): string {
  return client.storage.from('bucket').getPublicUrl('path').data.publicUrl.replace(/\/object\/public\/bucket\/path$/, '')
}

function outcomeOf(error: Error | DetailedError): UploadOutcome {
  const response = 'originalResponse' in error ? error.originalResponse : null
  if (!response) return { stored: false, status: 0, message: error.message }
  const body = response.getBody() ?? ''
  let message = body.trim()
  let code: string | undefined
  try {
    const parsed = JSON.parse(body) as { message?: string; statusCode?: string | number; error?: string }
    message = parsed.message ?? message
    code = parsed.statusCode === undefined ? parsed.error : String(parsed.statusCode)
  } catch {
    // Storage's tus answers say why in plain text ("new row violates row-level security policy");
    // a gateway's page is HTML, and says nothing of the file.
    if (message && /^text\/plain/i.test(response.getHeader('Content-Type') ?? '')) code = String(response.getStatus())
  }
  const status = response.getStatus()
  if (status === 409 && /already exists/i.test(message)) return { stored: true }
  return { stored: false, status, message: message || error.message, code }
}

/** The server no longer knows the upload (expired, or its folder was wiped): it starts over. */
const uploadGone = (error: Error | DetailedError) =>
  'originalRequest' in error && error.originalRequest?.getMethod() !== 'POST' && [404, 410].includes(error.originalResponse?.getStatus() ?? 0)

/**
 * Sends a file to Supabase Storage with its resumable (tus) protocol, as Supabase advises for
 * unstable networks: parts of 6 MiB (hosted Storage needs exactly that), each request given up on
 * only when its bytes stop moving, a dropped or stalled request resumed from the offset the server
 * confirms. Never overwrites (`x-upsert: false`). Resolves once stored, or with why not; `signal`
 * stops it (what the server has stays there for the next try).
 */
export async function uploadResumable(client: Supabase, file: ResumableFile, watcher: UploadWatcher, signal: AbortSignal): Promise<UploadOutcome> {
  const token = (await client.auth.getSession()).data.session?.access_token ?? supabaseAnonKey
  return new Promise((resolve) => {
    let startedOver = false
    const upload = new Upload(file.bytes as unknown as Blob, {
      endpoint: `${storageUrlOf(client)}/upload/resumable`,
      uploadUrl: file.uploadUrl,
      uploadSize: file.bytes.byteLength,
      chunkSize: uploadPartBytes,
      retryDelays: retryDelaysMs,
      // A file already stored at this path is not an error worth retrying: it is this file.
      onShouldRetry: (error) => outcomeOf(error).stored === false && !uploadGone(error) && defaultRetry(error),
      headers: { authorization: `Bearer ${token}`, apikey: supabaseAnonKey, 'x-upsert': 'false' },
      metadata: { bucketName: file.bucket, objectName: file.path, contentType: file.contentType, cacheControl: file.cacheControl },
      storeFingerprintForResuming: false,
      fileReader: arrayBufferReader,
      httpStack: stallingStack(new DefaultHttpStack({})),
      onUploadUrlAvailable: () => upload.url && watcher.onUrl(upload.url),
      onProgress: (sent, total) => watcher.onProgress(sent, total),
      onSuccess: () => finish({ stored: true }),
      onError: (error) => {
        if (!startedOver && uploadGone(error)) {
          startedOver = true
          upload.url = null
          upload.options.uploadUrl = null
          upload.start()
          return
        }
        finish(outcomeOf(error))
      },
    })
    const stop = () => {
      void upload.abort()
      finish({ stored: false, status: 0, message: 'The upload was stopped' })
    }
    function finish(outcome: UploadOutcome) {
      signal.removeEventListener('abort', stop)
      resolve(outcome)
    }
    if (signal.aborted) return stop()
    signal.addEventListener('abort', stop, { once: true })
    upload.start()
  })
}

/** tus-js-client's own rule: no answer, a server error, or the upload busy (409, 423), while the browser is online. */
function defaultRetry(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0
  const online = typeof navigator === 'undefined' || navigator.onLine !== false
  return (status < 400 || status >= 500 || status === 409 || status === 423) && online
}
