import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { contactRefusalText } from '@/components/refusals/contact-texts'
import { RefusedError } from '@/remote/refused-error'
import { ServerTroubleError } from '@/remote/public-forms'

/** Why a public form's call failed, in the reader's language; what was typed is kept in every case. */
export function sendErrorText(i18n: I18n, error: unknown): string {
  if (error instanceof RefusedError) return contactRefusalText(i18n, error.hint, error.details) ?? error.message
  if (error instanceof ServerTroubleError) return i18n._(msg`The server could not take it right now. Nothing was lost: try again in a moment.`)
  return i18n._(msg`There is no connection to the server. Nothing was lost: try again when you are online.`)
}
