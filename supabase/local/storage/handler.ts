// The part of Supabase Storage (/storage/v1) that supabase-js's storage client uses: upload,
// update, download (authenticated, public, signed), info, signed download and upload URLs, list
// and remove; and resumable (tus) uploads, which the app sends its files with. Buckets come from config.toml; every read and write of storage.objects runs with the
// caller's claims, so the policies in supabase/migrations decide who may do what.
import { createHash } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import type { JwtClaims } from '../as-role'
import { json, type Handler, type HttpRequest, type HttpResponse } from '../http'
import { parseJsonBody } from '../json-body'
import { storageClaims } from './claims'
import { StorageError, storageErrorResponse, storageErrors } from './errors'
import type { ObjectFiles } from './files'
import { checkBucketName, splitObjectPath } from './keys'
import { listFolder, listOptions } from './listing'
import { deleteObjects, findBucket, findObject, objectsUnder, visibleKeys, writeObject, type ObjectRow, type WriteMode } from './objects'
import { RESUMABLE_PATH, resumable } from './resumable'
import type { ResumableUploads } from './resumable-store'
import { signDownload, signUpload, verifySigned } from './signed-urls'
import { checkUpload, readUpload } from './uploads'

export const STORAGE_PREFIX = '/storage/v1'

interface StorageContext {
  db: PGlite
  files: ObjectFiles
  /** Resumable uploads in progress. */
  uploads: ResumableUploads
  /** [storage] file_size_limit of config.toml. */
  fileSizeLimit: number
}

async function jsonBody(request: HttpRequest): Promise<Record<string, unknown>> {
  const text = await request.text()
  const value = text.trim() === '' ? {} : parseJsonBody(text)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw storageErrors.invalidRequest('body must be object')
  return value as Record<string, unknown>
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/')

async function upload(context: StorageContext, request: HttpRequest, claims: JwtClaims, target: string, mode: WriteMode): Promise<HttpResponse> {
  const { bucket, key } = splitObjectPath(target)
  const found = await findBucket(context.db, bucket)
  const file = await readUpload(request, context.fileSizeLimit)
  checkUpload(file, found, context.fileSizeLimit)
  const metadata = {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.byteLength,
    mimetype: file.contentType,
    cacheControl: file.cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: file.bytes.byteLength,
    httpStatusCode: 200,
  }
  const id = await writeObject(context.db, claims, { bucket, key, metadata, mode }, () => context.files.write(bucket, key, file.bytes))
  return json(200, { Id: id, Key: `${bucket}/${key}` })
}

async function serve(context: StorageContext, object: ObjectRow): Promise<HttpResponse> {
  const bytes = await context.files.read(object.bucket_id, object.name)
  return {
    status: 200,
    headers: {
      'Content-Type': object.metadata.mimetype,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': object.metadata.cacheControl,
      ETag: object.metadata.eTag,
      'Last-Modified': object.metadata.lastModified,
    },
    body: bytes,
  }
}

function expiresIn(body: Record<string, unknown>): number {
  const seconds = Number(body.expiresIn)
  if (!Number.isInteger(seconds) || seconds < 1) throw storageErrors.invalidRequest('body/expiresIn must be >= 1')
  return seconds
}

/**
 * A path whose segments URL parsing resolved (`a/../b`, `a/%2e%2e/b`, `a/./b`) is refused as sent,
 * rather than served as the path it resolves to: a key names one object, spelled one way.
 */
function refuseDotSegments(request: HttpRequest): void {
  const segments = request.rawPath.split('/').slice(1)
  const decoded = segments.map((segment) => segment.replace(/%2e/gi, '.'))
  if (decoded.some((segment) => segment === '.' || segment === '..')) throw storageErrors.invalidKey(request.rawPath)
}

async function route(context: StorageContext, request: HttpRequest): Promise<HttpResponse> {
  refuseDotSegments(request)
  const { method } = request
  const path = request.url.pathname.slice(STORAGE_PREFIX.length)
  const token = request.url.searchParams.get('token')
  const after = (prefix: string) => (path.startsWith(prefix) ? path.slice(prefix.length) : undefined)
  const read = method === 'GET' || method === 'HEAD'

  // Opened without a token of the caller's: public objects and signed URLs (an <img src>, a link).
  const publicTarget = after('/object/public/')
  if (publicTarget !== undefined && read) {
    const { bucket, key } = splitObjectPath(publicTarget)
    if (!(await findBucket(context.db, bucket)).public) throw storageErrors.bucketNotFound()
    return serve(context, await findObject(context.db, null, bucket, key))
  }
  const signedTarget = after('/object/sign/')
  if (signedTarget !== undefined && read) {
    const { bucket, key } = splitObjectPath(signedTarget)
    await verifySigned(token, bucket, key)
    return serve(context, await findObject(context.db, null, bucket, key))
  }
  const signedUpload = after('/object/upload/sign/')
  if (signedUpload !== undefined && method === 'PUT') {
    const { bucket, key } = splitObjectPath(signedUpload)
    const signed = await verifySigned(token, bucket, key)
    const claims: JwtClaims = signed.owner ? { role: 'authenticated', sub: signed.owner } : { role: 'anon' }
    return upload(context, request, claims, signedUpload, signed.upsert ? 'upsert' : 'create')
  }

  const claims = await storageClaims(request)
  const resumableRest = after(RESUMABLE_PATH)
  if (resumableRest !== undefined && (resumableRest === '' || resumableRest.startsWith('/'))) return resumable(context, request, claims, resumableRest)
  if (signedUpload !== undefined && method === 'POST') {
    const { bucket, key } = splitObjectPath(signedUpload)
    await findBucket(context.db, bucket)
    const owner = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : null
    const signed = await signUpload(bucket, key, owner, request.header('x-upsert') === 'true')
    return json(200, { url: `/object/upload/sign/${bucket}/${encodeKey(key)}?token=${signed}`, token: signed })
  }
  if (signedTarget !== undefined && method === 'POST') {
    const body = await jsonBody(request)
    if (!signedTarget.includes('/')) {
      const bucket = checkBucketName(decodeURIComponent(signedTarget))
      const paths = Array.isArray(body.paths) ? body.paths.filter((item): item is string => typeof item === 'string') : []
      const seconds = expiresIn(body)
      const visible = await visibleKeys(context.db, claims, bucket, paths)
      return json(
        200,
        await Promise.all(
          paths.map(async (key) =>
            visible.has(key)
              ? { error: null, path: key, signedURL: `/object/sign/${bucket}/${encodeKey(key)}?token=${await signDownload(bucket, key, seconds)}` }
              : { error: 'Either the requested object does not exist or you do not have access to it', path: key, signedURL: null },
          ),
        ),
      )
    }
    const { bucket, key } = splitObjectPath(signedTarget)
    const seconds = expiresIn(body)
    await findObject(context.db, claims, bucket, key)
    return json(200, { signedURL: `/object/sign/${bucket}/${encodeKey(key)}?token=${await signDownload(bucket, key, seconds)}` })
  }
  const listBucket = after('/object/list/')
  if (listBucket !== undefined && method === 'POST') {
    const bucket = checkBucketName(decodeURIComponent(listBucket))
    await findBucket(context.db, bucket)
    const options = listOptions(await jsonBody(request))
    return json(200, listFolder(await objectsUnder(context.db, claims, bucket, options.prefix), options))
  }
  const infoTarget = after('/object/info/authenticated/') ?? after('/object/info/')
  if (infoTarget !== undefined && read) {
    const { bucket, key } = splitObjectPath(infoTarget)
    const object = await findObject(context.db, claims, bucket, key)
    const { metadata } = object
    return json(200, { id: object.id, name: object.name, version: object.version, bucket_id: bucket, size: metadata.size, content_type: metadata.mimetype, cache_control: metadata.cacheControl, etag: metadata.eTag, last_modified: object.updated_at, created_at: object.created_at, metadata: {} })
  }
  const objectTarget = after('/object/authenticated/') ?? after('/object/')
  if (objectTarget === undefined) throw storageErrors.notFound()
  if (read) {
    const { bucket, key } = splitObjectPath(objectTarget)
    return serve(context, await findObject(context.db, claims, bucket, key))
  }
  if (method === 'POST' || method === 'PUT') return upload(context, request, claims, objectTarget, method === 'PUT' ? 'update' : request.header('x-upsert') === 'true' ? 'upsert' : 'create')
  if (method === 'DELETE' && !objectTarget.includes('/')) {
    const bucket = checkBucketName(decodeURIComponent(objectTarget))
    const body = await jsonBody(request)
    const keys = Array.isArray(body.prefixes) ? body.prefixes.filter((item): item is string => typeof item === 'string') : []
    const removed = await deleteObjects(context.db, claims, bucket, keys)
    await Promise.all(removed.map((object) => context.files.remove(bucket, object.name)))
    return json(200, removed)
  }
  throw storageErrors.notFound()
}

export function storageHandler(context: StorageContext): Handler {
  return async (request) => {
    try {
      return await route(context, request)
    } catch (error) {
      if (error instanceof StorageError) return storageErrorResponse(error)
      throw error
    }
  }
}
