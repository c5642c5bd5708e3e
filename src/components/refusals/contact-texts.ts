import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Detail, Say } from './say'

const numberIn = (detail: Detail, name: string) => (typeof detail[name] === 'number' ? String(detail[name]) : '')

/**
 * Refusals of the contact form, the newsletter and the answer to a message. The public pages say them
 * too, with their own catalog (lingui.config.ts puts this file in both), without the rest of the table.
 */
export const contactTexts: Record<string, Say> = {
  bad_contact_message: (i18n) => i18n._(msg`The message is incomplete or too long: check every field and send it again.`),
  contact_rate_limited: (i18n, detail) => {
    const max = numberIn(detail, 'max')
    return i18n._(msg`This address has sent ${max} messages in the last hour. Wait a while and write again.`)
  },
  bad_contact_answer: (i18n, detail) => {
    const max = numberIn(detail, 'max')
    return i18n._(msg`Write an answer of at most ${max} characters.`)
  },
  contact_message_not_found: (i18n) => i18n._(msg`This message no longer exists.`),
  contact_message_answered: (i18n) => i18n._(msg`Someone already answered this message: reload it to read the answer.`),
  bad_newsletter_address: (i18n) => i18n._(msg`Enter a valid email address.`),
  newsletter_rate_limited: (i18n) => i18n._(msg`We sent you a confirmation link a moment ago: check your inbox, or try again in a few minutes.`),
  newsletter_token_unknown: (i18n) => i18n._(msg`This link is not valid any more. Subscribe again to get a new one.`),
}

/** A public form's refusal by its key, with the values of its detail; undefined for a key it does not have. */
export function contactRefusalText(i18n: I18n, hint: string | null | undefined, details: string | null | undefined): string | undefined {
  if (!hint || !Object.hasOwn(contactTexts, hint)) return undefined
  let detail: Detail = {}
  try {
    const parsed: unknown = details ? JSON.parse(details) : {}
    if (parsed && typeof parsed === 'object') detail = parsed as Detail
  } catch {
    // a detail that is not JSON carries no values
  }
  return contactTexts[hint]!(i18n, detail)
}
