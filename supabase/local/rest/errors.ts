// PostgREST's error bodies and its mapping of Postgres SQLSTATEs to HTTP statuses
// (https://postgrest.org/en/stable/references/errors.html).

export interface RestErrorBody {
  code: string
  message: string
  details: string | null
  hint: string | null
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: RestErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message)
  }
}

interface PostgresErrorLike {
  code?: string
  message: string
  detail?: string
  hint?: string
}

/** The SQLSTATE of an error Postgres raised; undefined for any other error. */
export function sqlState(error: unknown): string | undefined {
  const code: unknown = error instanceof Error ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined
}

function isPostgresError(error: unknown): error is PostgresErrorLike & Error {
  return sqlState(error) !== undefined
}

const BY_CODE: Record<string, number> = {
  '23503': 409,
  '23505': 409,
  '25006': 405,
  '42883': 404,
  '42P01': 404,
  '42P17': 500,
  P0001: 400,
}

const BY_CLASS: Record<string, number> = {
  '08': 503,
  '09': 500,
  '0L': 403,
  '0P': 403,
  '25': 500,
  '28': 403,
  '2D': 500,
  '38': 500,
  '39': 500,
  '3B': 500,
  '40': 500,
  '53': 503,
  '54': 413,
  '55': 500,
  '57': 500,
  '58': 500,
  F0: 500,
  HV: 500,
  P0: 500,
  XX: 500,
}

export function statusForSqlState(code: string, anonymous: boolean): number {
  if (code === '42501') return anonymous ? 401 : 403
  const custom = /^PT(\d{3})$/.exec(code)
  if (custom) return Number(custom[1])
  return BY_CODE[code] ?? BY_CLASS[code.slice(0, 2)] ?? 400
}

/**
 * An error thrown while serving a REST request, as PostgREST would answer it; undefined for an
 * error that is neither PostgREST's nor Postgres' (a bug: the server logs it and answers 500).
 */
export function toRestError(error: unknown, anonymous: boolean): RestError | undefined {
  if (error instanceof RestError) return error
  if (!isPostgresError(error)) return undefined
  const code = error.code!
  return new RestError(statusForSqlState(code, anonymous), {
    code,
    message: error.message,
    details: error.detail ?? null,
    hint: error.hint ?? null,
  })
}
