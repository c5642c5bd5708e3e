// Supabase Storage's resumable uploads (/storage/v1/upload/resumable): the tus 1.0.0 core protocol
// and its creation extension, as Supabase Storage serves them with @tus/server. POST creates an
// upload (Upload-Length, and Upload-Metadata naming bucketName, objectName, contentType and
// cacheControl) and answers its URL; HEAD tells how many bytes the server has (and the metadata, to
// any valid token: the URL names the upload); PATCH appends from that offset, parts of any size,
// keeping what arrived when a connection drops. x-upsert is each request's, never kept from the
// creation, as Storage reads it. One request holds an upload at a time: a new one first stops a
// part still arriving (its client likely gone), as Supabase Storage's lock does, and a PATCH from
// any other offset is a 409. The bucket's size limit and types are checked at creation, before any
// byte arrives; the policies on storage.objects at creation, at each PATCH and when the last byte
// arrives, when the object is written with that request's claims.
import { createHash, randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { PGlite } from '@electric-sql/pglite'
import type { JwtClaims } from '../as-role'
import type { HttpRequest, HttpResponse } from '../http'
import { StorageError, storageErrors } from './errors'
import type { ObjectFiles } from './files'
import { checkBucketName, checkObjectKey } from './keys'
import { checkObjectWrite, findBucket, writeObject, type WriteMode } from './objects'
import type { ResumableUpload, ResumableUploads } from './resumable-store'
import { checkMimeType, sizeLimitOf } from './uploads'

export const RESUMABLE_PATH = '/upload/resumable'

const TUS_VERSION = '1.0.0'
/** A PATCH body that stops arriving for this long is given up on, keeping what came (Supabase Storage's body idle timeout). */
const BODY_IDLE_MS = 20_000

export interface ResumableContext {
  db: PGlite
  files: ObjectFiles
  uploads: ResumableUploads
  /** [storage] file_size_limit of config.toml. */
  fileSizeLimit: number
}

// @tus/server's own refusals, in its words.
const tusErrors = {
  version: () => new StorageError('412', 'InvalidRequest', 'Unsupported version'),
  length: () => new StorageError('400', 'InvalidRequest', 'Upload-Length or Upload-Defer-Length header required'),
  metadata: () => new StorageError('400', 'InvalidRequest', 'Upload-Metadata is invalid: it must name bucketName and objectName'),
  notFound: () => new StorageError('404', 'not_found', 'The file for this url was not found'),
  offsetMissing: () => new StorageError('403', 'InvalidRequest', 'Upload-Offset header required'),
  contentType: () => new StorageError('415', 'InvalidRequest', 'Content-Type header required'),
  offsetConflict: () => new StorageError('409', 'InvalidRequest', 'Upload-Offset conflict'),
  inUse: () => new StorageError('409', 'InvalidRequest', 'Another request holds this upload'),
  sizeExceeded: () => new StorageError('413', 'InvalidRequest', "upload's size exceeded"),
}

/** `key base64,key base64` (a key alone has no value): what tus-js-client sends as Upload-Metadata. */
function parseMetadata(header: string | undefined): Record<string, string | null> {
  if (!header) throw tusErrors.metadata()
  const metadata: Record<string, string | null> = {}
  for (const pair of header.split(',')) {
    const [key, value, extra] = pair.trim().split(' ')
    if (!key || extra !== undefined || (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value))) throw tusErrors.metadata()
    metadata[key] = value === undefined ? null : Buffer.from(value, 'base64').toString('utf8')
  }
  return metadata
}

/** Metadata as Upload-Metadata says it, in its order. */
const stringifyMetadata = (metadata: Record<string, string | null>) =>
  Object.entries(metadata)
    .map(([key, value]) => (value === null ? key : `${key} ${Buffer.from(value).toString('base64')}`))
    .join(',')

/** Supabase Storage keeps a number of seconds as `max-age`, and anything else as `no-cache`. */
const cacheControlOf = (seconds: string | null | undefined) => (seconds && /^-?\d+$/.test(seconds) ? `max-age=${seconds}` : 'no-cache')

/** The upload URL's origin as the client sees it (through a proxy, as it says). */
function originOf(request: HttpRequest): string {
  const host = request.header('x-forwarded-host') ?? request.header('host') ?? ''
  const proto = request.header('x-forwarded-proto') === 'https' ? 'https' : 'http'
  if (!/^[\w.-]+(:\d+)?$|^\[[\da-f:.]+\](:\d+)?$/i.test(host)) throw storageErrors.invalidRequest('headers must name the host')
  return `${proto}://${host}`
}

const tusHeaders = { 'Tus-Resumable': TUS_VERSION }

async function create(context: ResumableContext, request: HttpRequest, claims: JwtClaims, mode: WriteMode): Promise<HttpResponse> {
  const metadata = parseMetadata(request.header('upload-metadata'))
  if (!metadata.bucketName || !metadata.objectName) throw tusErrors.metadata()
  const bucket = checkBucketName(metadata.bucketName)
  const key = checkObjectKey(metadata.objectName)
  const declared = request.header('upload-length') ?? ''
  if (!/^\d+$/.test(declared)) throw tusErrors.length()
  const length = Number(declared)
  const found = await findBucket(context.db, bucket)
  if (length > sizeLimitOf(found, context.fileSizeLimit)) throw storageErrors.maxSizeExceeded()
  const contentType = metadata.contentType || 'application/octet-stream'
  checkMimeType(contentType, found)
  await checkObjectWrite(context.db, claims, { bucket, key, mode })
  const id = Buffer.from(`${bucket}/${key}/${randomUUID()}`).toString('base64url')
  const cacheControl = cacheControlOf(metadata.cacheControl)
  // Kept as Storage keeps it for HEAD to say: what the client sent, with its cache rule.
  const kept = stringifyMetadata({ ...metadata, cacheControl })
  const upload: ResumableUpload = { id, bucket, key, length, contentType, cacheControl, metadata: kept, createdAt: new Date().toISOString(), done: false }
  await context.uploads.create(upload)
  if (length === 0) await complete(context, claims, upload, mode)
  return { status: 201, headers: { ...tusHeaders, Location: `${originOf(request)}/storage/v1${RESUMABLE_PATH}/${id}` } }
}

/** The last byte arrived: the object is written with the caller's claims (the policies decide) and its bytes move into place. */
async function complete(context: ResumableContext, claims: JwtClaims, upload: ResumableUpload, mode: WriteMode): Promise<void> {
  const path = context.uploads.bytesPath(upload.id)
  const bytes = await readFile(path)
  const metadata = {
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    size: bytes.byteLength,
    mimetype: upload.contentType,
    cacheControl: upload.cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: bytes.byteLength,
    httpStatusCode: 200,
  }
  await writeObject(context.db, claims, { bucket: upload.bucket, key: upload.key, metadata, mode }, () => context.files.moveIn(upload.bucket, upload.key, path))
  await context.uploads.markDone(upload)
}

/** Runs `work` holding the upload (see ResumableUploads.lock); 409 if the request holding it does not let go. */
async function holding<T>(context: ResumableContext, id: string, stop: () => void, work: () => Promise<T>): Promise<T> {
  const release = await context.uploads.lock(id, stop)
  if (!release) throw tusErrors.inUse()
  try {
    return await work()
  } finally {
    release()
  }
}

/**
 * The offset the server has, and the upload's length and metadata. Asked after a drop, it first
 * stops the part the dropped connection may still be sending.
 */
async function status(context: ResumableContext, id: string): Promise<HttpResponse> {
  const found = await holding(context, id, () => {}, () => context.uploads.find(id))
  if (!found) throw tusErrors.notFound()
  const { upload, offset } = found
  const metadata: Record<string, string> = upload.metadata === undefined ? {} : { 'Upload-Metadata': upload.metadata }
  return { status: 200, headers: { ...tusHeaders, 'Upload-Offset': String(offset), 'Upload-Length': String(upload.length), ...metadata, 'Cache-Control': 'no-store' } }
}

async function append(context: ResumableContext, request: HttpRequest, claims: JwtClaims, id: string, mode: WriteMode): Promise<HttpResponse> {
  const offsetHeader = request.header('upload-offset') ?? ''
  if (!/^\d+$/.test(offsetHeader)) throw tusErrors.offsetMissing()
  if (!/^application\/offset\+octet-stream\b/i.test(request.header('content-type') ?? '')) throw tusErrors.contentType()
  if (!(await context.uploads.find(id))) throw tusErrors.notFound()
  const body = request.stream()
  return holding(context, id, () => body.destroy(), async () => {
    const { upload, offset } = (await context.uploads.find(id))!
    if (Number(offsetHeader) !== offset) throw tusErrors.offsetConflict()
    const room = upload.length - offset
    if (Number(request.header('content-length') ?? 0) > room) throw tusErrors.sizeExceeded()
    if (!upload.done) {
      await checkObjectWrite(context.db, claims, { bucket: upload.bucket, key: upload.key, mode })
      const appended = await context.uploads.append(id, body, room, BODY_IDLE_MS)
      if (appended.overflowed) throw tusErrors.sizeExceeded()
      // The client went away, or another request took the upload over: nobody is left to read an answer.
      if (!appended.ended) return { status: 400, close: true }
    }
    const now = (await context.uploads.find(id))!
    if (now.offset === upload.length && !now.upload.done) await complete(context, claims, upload, mode)
    return { status: 204, headers: { ...tusHeaders, 'Upload-Offset': String(now.offset), ...(now.offset === upload.length ? { 'Tus-Complete': '1' } : {}) } }
  })
}

/** A refusal as tus answers it: its status and a line of text; the connection closes, so an unread body is never taken for a request. */
function tusErrorResponse(error: StorageError): HttpResponse {
  const status = Number(error.statusCode)
  return { status, headers: { ...tusHeaders, 'Content-Type': 'text/plain; charset=utf-8', ...(status === 412 ? { 'Tus-Version': TUS_VERSION } : {}) }, body: error.message, close: true }
}

/** `rest` is what follows /upload/resumable: nothing (creation) or `/<upload id>`. */
export async function resumable(context: ResumableContext, request: HttpRequest, claims: JwtClaims, rest: string): Promise<HttpResponse> {
  try {
    if (request.header('tus-resumable') !== TUS_VERSION) throw tusErrors.version()
    const mode: WriteMode = request.header('x-upsert') === 'true' ? 'upsert' : 'create'
    if (rest === '' || rest === '/') {
      if (request.method !== 'POST') throw storageErrors.notFound()
      return await create(context, request, claims, mode)
    }
    const id = rest.slice(1)
    if (!/^[\w-]+$/.test(id)) throw tusErrors.notFound()
    if (request.method === 'HEAD') return await status(context, id)
    if (request.method === 'PATCH') return await append(context, request, claims, id, mode)
    throw storageErrors.notFound()
  } catch (error) {
    if (error instanceof StorageError) return tusErrorResponse(error)
    throw error
  }
}
