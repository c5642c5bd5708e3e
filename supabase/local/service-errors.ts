// Errors answered outside a service's own handler (the body limit, a bad JSON body nobody caught,
// an unexpected failure), in the shape of the service behind the path, so supabase-js reads them
// as it reads that service's own: GoTrue's `{code, error_code, msg}` under /auth/v1, PostgREST's
// `{code, message, details, hint}` under /rest/v1, the gateway's `{message}` anywhere else.
import { BodyTooLargeError, json, MAX_BODY_BYTES, RequestAbortedError, type HttpRequest, type HttpResponse } from './http'
import { JsonBodyError } from './json-body'
import { sqlState } from './rest/errors'

export const AUTH_PREFIX = '/auth/v1'
export const REST_PREFIX = '/rest/v1'

export interface ServiceError {
  status: number
  auth: { errorCode: string; msg: string }
  rest: { code: string; message: string }
}

export const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

export function serviceErrorResponse(path: string, error: ServiceError): HttpResponse {
  const { status, auth, rest } = error
  if (isUnder(path, AUTH_PREFIX)) return json(status, { code: status, error_code: auth.errorCode, msg: auth.msg })
  if (isUnder(path, REST_PREFIX)) return json(status, { code: rest.code, message: rest.message, details: null, hint: null })
  return json(status, { message: rest.message })
}

const TOO_LARGE = `Request body too large (max ${MAX_BODY_BYTES} bytes)`

export const serviceErrors = {
  /** PostgREST answers class 54 (program_limit_exceeded) with 413, so that is the SQLSTATE it gets. */
  bodyTooLarge: (): ServiceError => ({
    status: 413,
    auth: { errorCode: 'request_entity_too_large', msg: TOO_LARGE },
    rest: { code: '54000', message: TOO_LARGE },
  }),
  badJson: (detail: string): ServiceError => ({
    status: 400,
    auth: { errorCode: 'bad_json', msg: `Could not parse request body as JSON: ${detail}` },
    rest: { code: 'PGRST102', message: 'Empty or invalid json' },
  }),
  /** A value Postgres refused (a NUL in text, a number out of range …): the request's fault. */
  badInput: (code: string, message: string): ServiceError => ({
    status: 400,
    auth: { errorCode: 'validation_failed', msg: message },
    rest: { code, message },
  }),
  /** Nothing about what failed: that goes to the log. */
  unexpected: (): ServiceError => ({
    status: 500,
    auth: { errorCode: 'unexpected_failure', msg: 'Unexpected failure, please check server logs for more information' },
    rest: { code: 'XX000', message: 'Unexpected failure, please check server logs for more information' },
  }),
}

/** 413, and the connection closes: the rest of the body is never read. */
export function bodyTooLargeResponse(path: string): HttpResponse {
  return { ...serviceErrorResponse(path, serviceErrors.bodyTooLarge()), close: true }
}

// Data exceptions and program limits: Postgres refused a value the request carried.
const INPUT_ERROR_CLASSES = new Set(['22', '54'])

/**
 * The answer to an error a handler threw. Only a failure nobody foresaw (a bug) is 500: it is
 * logged, and its answer says nothing about it.
 */
export function failureResponse(request: HttpRequest, error: unknown, log: (line: string) => void): HttpResponse {
  const path = request.url.pathname
  // Nobody is left to read an answer; the connection just closes.
  if (error instanceof RequestAbortedError) return { status: 400, close: true }
  if (error instanceof BodyTooLargeError) return bodyTooLargeResponse(path)
  if (error instanceof JsonBodyError) return serviceErrorResponse(path, serviceErrors.badJson(error.message))
  const code = sqlState(error)
  if (code && INPUT_ERROR_CLASSES.has(code.slice(0, 2))) return serviceErrorResponse(path, serviceErrors.badInput(code, (error as Error).message))
  log(`[error] ${request.method} ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  return serviceErrorResponse(path, serviceErrors.unexpected())
}
