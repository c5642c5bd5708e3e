import type { RefusalKey } from '@/local-db/db'
import type { Settlement } from '@/outbox/settle'

/** A change the server recorded, as the outbox settles it. */
export type Recorded = Extract<Settlement, { row: unknown }> | Extract<Settlement, { outcome: 'done' | 'changed-meanwhile' }>

/** Why the server did not record a change. */
export type Failure =
  /** The service said why it will not take the change: sending it again would get the same answer. */
  | { kind: 'refused'; message: string; key?: RefusalKey }
  | { kind: 'unauthorized'; message: string }
  /** No answer at all (offline, timeout): the rest of the outbox would fare no better just now. */
  | { kind: 'unanswered'; message: string }
  /** An answer that says "not now": server trouble, too many requests, or a 4xx that does not say why (a proxy's page). */
  | { kind: 'later'; message: string }

export type Answer = Recorded | Failure

/**
 * An error answer's body as supabase-js reads it. `code` is the service's own: PostgREST's
 * (`PGRST202`, a SQLSTATE, `PT409`), GoTrue's `error_code`, Storage's `statusCode`. A body that
 * was not the service's (a gateway's HTML, an empty answer) has none.
 */
export interface ErrorBody {
  message: string
  code?: string | null
  /** The database's stable key for a refusal of ours (see supabase/migrations/20261203100000_refusal_keys). */
  hint?: string | null
  /** The values the refusal's text needs, as JSON. */
  details?: string | null
}

/** What the outbox keeps of a refusal to say it later in the reader's language. */
const keyOf = ({ code, hint, details }: ErrorBody): RefusalKey => ({ code: code ?? null, hint: hint ?? null, details: details ?? null })

/** Statuses that say "try again later" whatever the body: a timeout, too early, too many requests. */
const tryLater: ReadonlySet<number> = new Set([408, 425, 429])
/** Statuses that say why by themselves: a request too large never fits later. */
const tooLarge: ReadonlySet<number> = new Set([413, 414, 431])

/** SQLSTATEs that say "try again" rather than "this change is wrong": serialization, locks, resources, cancellation. */
const transientSqlState = /^(40[0-9A-Z]{3}|53[0-9A-Z]{3}|55P03|57[0-9A-Z]{3})$/

const namesWhy = ({ code }: ErrorBody) => typeof code === 'string' && code !== '' && !transientSqlState.test(code)

/**
 * An error answer as the outbox treats it. Only a 4xx whose body is the service's own (it names
 * why) refuses a change; no answer, a 5xx, a 408 or 429, or a 4xx from something in between is
 * tried again with backoff for as long as it lasts, so a backend restart or an overloaded gateway
 * never costs a change. `status` 0 means no answer came.
 */
export function failure(status: number, error: ErrorBody): Failure {
  const { message } = error
  if (status === 0) return { kind: 'unanswered', message }
  if (status === 401) return { kind: 'unauthorized', message }
  if (tooLarge.has(status)) return { kind: 'refused', message, key: { ...keyOf(error), hint: 'too_large' } }
  if (status >= 400 && status < 500 && !tryLater.has(status) && namesWhy(error)) return { kind: 'refused', message, key: keyOf(error) }
  return { kind: 'later', message }
}

/** The error the database raised for one change of a batch (the call itself succeeded). */
export function changeFailure(error: ErrorBody | undefined): Failure {
  if (error && namesWhy(error)) return { kind: 'refused', message: error.message, key: keyOf(error) }
  return { kind: 'later', message: error?.message ?? 'No answer for this change' }
}
