import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { errorText } from '@/components/refusals/refusal-text'

/** Auth's answers to a code, in the reader's language (its error_code is the refusal's code). */
export function codeErrorText(i18n: I18n, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'mfa_verification_failed') return i18n._(msg`That code is not right, or was already used: type the code your app shows now.`)
  if (code === 'over_request_rate_limit') return i18n._(msg`Too many tries. Wait a minute and type the code your app shows then.`)
  if (code === 'mfa_challenge_expired' || code === 'mfa_factor_not_found') return i18n._(msg`This confirmation expired: type a new code.`)
  return errorText(i18n, error)
}
