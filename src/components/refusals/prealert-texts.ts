import { msg } from '@lingui/core/macro'
import type { Say } from './say'

/** Refusals of save_prealert and cancel_prealert. */
export const prealertTexts: Record<string, Say> = {
  prealert_tracking_taken: (i18n) => i18n._(msg`You already announced a package with this tracking number.`),
  prealert_closed: (i18n) => i18n._(msg`This prealert can no longer be changed: it was received or cancelled.`),
  prealert_not_found: (i18n) => i18n._(msg`This prealert no longer exists.`),
  prealert_tracking_length: (i18n) => i18n._(msg`The tracking number must have 6 to 40 characters.`),
  prealert_tracking_chars: (i18n) => i18n._(msg`The tracking number may contain only letters, digits and -.`),
  prealert_store_length: (i18n) => i18n._(msg`The store must have 1 to 80 characters.`),
  prealert_description_length: (i18n) => i18n._(msg`The description must have 1 to 200 characters.`),
  prealert_value_range: (i18n) => i18n._(msg`The declared value must be 0 to 50,000 USD, with at most 2 decimals.`),
  prealert_date_invalid: (i18n) => i18n._(msg`The expected date must be a calendar date.`),
}
