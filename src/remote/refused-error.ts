import type { RefusalKey, ServerRefusal } from '@/local-db/db'

/**
 * A service's error answer as a thrown error that keeps its code, key (hint) and values (details),
 * so a screen can say it in the reader's language (components/refusals: errorText).
 */
export class RefusedError extends Error implements ServerRefusal {
  readonly code: string | null
  readonly hint: string | null
  readonly details: string | null

  constructor({ message, code, hint, details }: ServerRefusal) {
    super(message)
    this.name = 'RefusedError'
    const key: RefusalKey = { code, hint, details }
    this.code = key.code ?? null
    this.hint = key.hint ?? null
    this.details = key.details ?? null
  }
}
