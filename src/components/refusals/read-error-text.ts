import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { errorText } from './refusal-text'

/** Why a read from the server failed, in the reader's language: its refusal, or no answer at all (an error without a code). */
export function readErrorText(i18n: I18n, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code !== '' ? errorText(i18n, error) : i18n._(msg`There is no connection to the server: try again when you are online.`)
}
