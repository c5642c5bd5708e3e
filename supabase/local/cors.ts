import type { HttpRequest, HttpResponse } from './http'

// What supabase-js sends (auth-js, postgrest-js, storage-js) and tus-js-client, and what they read back (Content-Range for counts).
const ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'x-client-info',
  'prefer',
  'range',
  'range-unit',
  'accept',
  'accept-profile',
  'content-profile',
  'x-supabase-api-version',
  'x-retry-count',
  'x-upsert',
  'x-metadata',
  'cache-control',
  'tus-resumable',
  'upload-length',
  'upload-metadata',
  'upload-offset',
].join(', ')
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'
// Resumable uploads (tus) read their offset, length and version from the answers.
const EXPOSED_HEADERS =
  'Content-Range, Content-Location, Location, X-Supabase-Api-Version, ETag, Content-Length, Last-Modified, Upload-Offset, Upload-Length, Tus-Resumable, Tus-Version'

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/

/** CORS headers for a response: only a local web app's origin is reflected. */
export function corsHeaders(request: HttpRequest): Record<string, string> {
  const origin = request.header('origin')
  if (!origin || !LOCAL_ORIGIN.test(origin)) return {}
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    Vary: 'Origin',
  }
}

export function preflight(request: HttpRequest): HttpResponse {
  return {
    status: 204,
    headers: {
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      'Access-Control-Allow-Headers': request.header('access-control-request-headers') ?? ALLOWED_HEADERS,
      'Access-Control-Max-Age': '86400',
    },
  }
}
