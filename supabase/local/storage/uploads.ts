import { BodyTooLargeError, type HttpRequest } from '../http'
import { storageErrors } from './errors'
import type { BucketRow } from './objects'

export interface Upload {
  bytes: Uint8Array
  contentType: string
  cacheControl: string
}

/** Room for a multipart body's boundaries and fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024

/**
 * An upload's file as supabase-js sends it: a multipart form (a Blob or File: `cacheControl`, the
 * file under an empty field name, its type the Blob's) or a raw body (`content-type`,
 * `cache-control`). Bodies over the limit are refused before they are read whole.
 */
export async function readUpload(request: HttpRequest, limit: number): Promise<Upload> {
  const type = request.header('content-type') ?? ''
  let body: Buffer
  try {
    body = await request.bytes(limit + FORM_OVERHEAD_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw storageErrors.tooLarge()
    throw error
  }
  if (!/^multipart\/form-data/i.test(type)) {
    return { bytes: body, contentType: type || 'text/plain;charset=UTF-8', cacheControl: request.header('cache-control') ?? 'max-age=3600' }
  }
  let form: FormData
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData()
  } catch {
    throw storageErrors.invalidRequest('The multipart body could not be read')
  }
  const file = [...form.values()].find((value): value is File => typeof value !== 'string')
  if (!file) throw storageErrors.invalidRequest('No file in the form')
  const seconds = form.get('cacheControl')
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    contentType: file.type || 'text/plain;charset=UTF-8',
    cacheControl: `max-age=${typeof seconds === 'string' && /^\d+$/.test(seconds) ? seconds : '3600'}`,
  }
}

/** The most a bucket takes: its own limit, within the global one. */
export function sizeLimitOf(bucket: BucketRow, globalLimit: number): number {
  return Math.min(bucket.file_size_limit ?? globalLimit, globalLimit)
}

/** The bucket's types (`image/*` style wildcards allowed). */
export function checkMimeType(contentType: string, bucket: BucketRow): void {
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  const allowed = bucket.allowed_mime_types
  if (allowed && !allowed.some((pattern) => pattern === type || (pattern.endsWith('/*') && type.startsWith(pattern.slice(0, -1))))) throw storageErrors.mimeType(contentType)
}

/** The bucket's limits (and the global one): size, then type. */
export function checkUpload(upload: Upload, bucket: BucketRow, globalLimit: number): void {
  if (upload.bytes.byteLength > sizeLimitOf(bucket, globalLimit)) throw storageErrors.tooLarge()
  checkMimeType(upload.contentType, bucket)
}
