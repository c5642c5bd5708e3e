// The body of a table write or an rpc call, read as PostgREST reads it: JSON (also when there is
// no Content-Type) or an HTML form (every value a string). PostgREST also takes text/csv, and raw
// text/plain, text/xml or octet-stream for a function of one unnamed parameter; the stand-in
// takes none of these and refuses them as PostgREST refuses a type it does not know.
import type { HttpRequest } from '../http'
import { JsonBodyError, parseJsonBody } from '../json-body'
import { RestError } from './errors'

const JSON_TYPES = new Set(['application/json', 'application/vnd.pgrst.array+json', 'application/vnd.pgrst.array'])
const FORM_TYPE = 'application/x-www-form-urlencoded'
// PostgREST names these by their bare media type in its refusal, anything else by the whole header.
const KNOWN_TYPES = new Set([
  'application/geo+json',
  'text/csv',
  'text/plain',
  'text/xml',
  'application/openapi+json',
  'application/octet-stream',
  'application/vnd.pgrst.object+json',
])

export function invalidBody(message = 'Empty or invalid json'): RestError {
  return new RestError(400, { code: 'PGRST102', message, details: null, hint: null })
}

/** The body's value; `emptyAs` stands for an empty body (an rpc call without arguments). */
export async function readBody(request: HttpRequest, emptyAs?: unknown): Promise<unknown> {
  const contentType = request.header('content-type')
  const mediaType = (contentType ?? 'application/json').split(';')[0]!.trim().toLowerCase()
  if (!JSON_TYPES.has(mediaType) && mediaType !== FORM_TYPE) {
    throw invalidBody(`Content-Type not acceptable: ${KNOWN_TYPES.has(mediaType) ? mediaType : contentType}`)
  }
  const text = await request.text()
  if (mediaType === FORM_TYPE) return Object.fromEntries(new URLSearchParams(text))
  if (text.trim() === '') {
    if (emptyAs !== undefined) return emptyAs
    throw invalidBody()
  }
  try {
    return parseJsonBody(text)
  } catch (error) {
    if (error instanceof JsonBodyError) throw invalidBody()
    throw error
  }
}
