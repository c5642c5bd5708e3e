import type { Settlement } from '@/outbox/settle'

/** A change the server recorded, as the outbox settles it. */
export type Recorded = Extract<Settlement, { row: unknown }> | Extract<Settlement, { outcome: 'done' }>

/** Why the server did not record a change. */
export type Failure =
  /** Validation, permission or not found: sending it again would get the same answer. */
  | { kind: 'refused'; message: string }
  | { kind: 'unauthorized'; message: string }
  /** No answer (offline, timeout) or server trouble: worth trying again later. */
  | { kind: 'unanswered'; message: string; serverError: boolean }

export type Answer = Recorded | Failure

/** An error answer as the outbox treats it: given up on (refused) or worth another try. */
export function failure(status: number, message: string): Failure {
  if (status === 0 || status >= 500) return { kind: 'unanswered', message, serverError: status >= 500 }
  if (status === 401) return { kind: 'unauthorized', message }
  return { kind: 'refused', message }
}

/** Database errors that say "try again" rather than "this change is wrong": serialization, locks, resources, cancellation. */
export const transientSqlState = /^(40|53|55P03|57)/
