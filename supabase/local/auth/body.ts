// Request bodies as GoTrue reads them: one JSON object whose fields have the types its Go structs
// declare (a field of another type is a bad_json error; null reads as the field's zero value).
import type { HttpRequest } from '../http'
import { parseJsonBody } from '../json-body'
import { authErrors } from './errors'

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i

/**
 * The body as a JSON object. Unlike GoTrue, which parses any body as JSON, a body must say it is
 * JSON: a text/plain (or untyped) body is what a page on another site can send without a CORS preflight.
 */
export async function readJsonObject(request: HttpRequest): Promise<Record<string, unknown>> {
  const text = await request.text()
  const mediaType = (request.header('content-type') ?? '').split(';')[0]!.trim()
  if (text !== '' && !JSON_MEDIA_TYPE.test(mediaType)) {
    throw authErrors.badJson(`Content-Type must be application/json, not "${mediaType || 'none'}"`)
  }
  let value: unknown
  try {
    value = parseJsonBody(text)
  } catch (error) {
    throw authErrors.badJson(text.trim() === '' ? 'unexpected end of JSON input' : error instanceof Error ? error.message : String(error))
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw authErrors.badJson('expected a JSON object')
  return value as Record<string, unknown>
}

export const containsNul = (text: string) => text.includes('\u0000')

/** A string field ('' when absent or null); other types and NUL characters are refused. */
export function stringField(body: Record<string, unknown>, key: string): string {
  const value = body[key]
  if (value === undefined || value === null) return ''
  if (typeof value !== 'string') throw authErrors.badJson(`"${key}" must be a string`)
  if (containsNul(value)) throw authErrors.validation(`"${key}" must not contain NUL characters`)
  return value
}

/** An object field (undefined when absent or null); other types are refused. */
export function objectField(body: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const value = body[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) throw authErrors.badJson(`"${key}" must be a JSON object`)
  return value as Record<string, unknown>
}
