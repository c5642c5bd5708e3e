// Supabase Storage's errors: HTTP 400 for every client error, the real code as a string in the body
// (supabase-js reads it as `error.statusCode`), 500 only for its own failures.
import { json, type HttpResponse } from '../http'

export class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly error: string,
    message: string,
    readonly status = 400,
  ) {
    super(message)
  }
}

export function storageErrorResponse({ status, statusCode, error, message }: StorageError): HttpResponse {
  return json(status, { statusCode, error, message })
}

export const storageErrors = {
  invalidKey: (key: string) => new StorageError('400', 'InvalidKey', `Invalid key: ${key}`),
  bucketNotFound: () => new StorageError('404', 'Bucket not found', 'Bucket not found'),
  objectNotFound: () => new StorageError('404', 'not_found', 'Object not found'),
  duplicate: () => new StorageError('409', 'Duplicate', 'The resource already exists'),
  tooLarge: () => new StorageError('413', 'Payload too large', 'The object exceeded the maximum allowed size'),
  /** A resumable upload longer than its bucket takes, refused at its creation (tus's words). */
  maxSizeExceeded: () => new StorageError('413', 'Payload too large', 'Maximum size exceeded'),
  mimeType: (type: string) => new StorageError('415', 'invalid_mime_type', `mime type ${type} is not supported`),
  rls: () => new StorageError('403', 'Unauthorized', 'new row violates row-level security policy'),
  noAuthorization: () => new StorageError('403', 'Unauthorized', "headers must have required property 'authorization'"),
  invalidJwt: (message: string) => new StorageError('403', 'InvalidJWT', message),
  invalidRequest: (message: string) => new StorageError('400', 'InvalidRequest', message),
  notFound: () => new StorageError('404', 'not_found', 'Route not found'),
}
