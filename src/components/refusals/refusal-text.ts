import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { QueuedOp, RefusalKey, ServerRefusal } from '@/local-db/db'
import { storageTexts } from './file-texts'
import { constraintTexts } from './package-texts'
import { refusalTexts } from './refusal-texts'
import { detailOf, type Say } from './say'

const sayOf = (table: Readonly<Record<string, Say>>, key: string | null | undefined): Say | undefined =>
  key && Object.hasOwn(table, key) ? table[key] : undefined

/** PostgREST's code for a function it does not know: a server not yet updated for this kind of change. */
const unknownFunction = 'PGRST202'

/**
 * Why the server refused, in the reader's language: by the refusal's key (the database's HINT, with
 * its DETAIL's values), else by the check constraint it names, else by a code of the service's own
 * (PostgREST, Storage); anything else as the server said it.
 */
export function refusalText(i18n: I18n, refusal: ServerRefusal): string {
  const { message, code, hint, details } = refusal
  const say =
    sayOf(refusalTexts, hint) ?? sayOf(constraintTexts, /violates check constraint "(\w+)"/.exec(message)?.[1]) ?? sayOf(storageTexts, code)
  if (say) return say(i18n, detailOf(details))
  if (code === unknownFunction) return i18n._(msg`The server cannot take this kind of change yet: it is probably being updated. Try again later.`)
  return message
}

/** A refused op's refusal, as stored with it (ops refused before refusals had keys keep only the message). */
export function refusalOf(op: Pick<QueuedOp, 'lastError' | 'lastErrorKey'>): ServerRefusal {
  return { message: op.lastError ?? '', ...op.lastErrorKey }
}

/** Why the server refused this op, in the reader's language. */
export const opRefusalText = (i18n: I18n, op: Pick<QueuedOp, 'lastError' | 'lastErrorKey'>): string => refusalText(i18n, refusalOf(op))

/** Why a call failed, in the reader's language: by its key where the error keeps one (remote/refused-error.ts), else in its own words. */
export function errorText(i18n: I18n, error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const { code, hint, details } = error as Error & RefusalKey
  return refusalText(i18n, { message: error.message, code, hint, details })
}
