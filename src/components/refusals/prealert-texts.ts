import { msg, plural } from '@lingui/core/macro'
import { text, type Say } from './say'

/** Refusals of save_prealert and cancel_prealert. */
export const prealertTexts: Record<string, Say> = {
  prealert_tracking_taken: (i18n) => i18n._(msg`You already announced a package with this tracking number.`),
  prealert_closed: (i18n) => i18n._(msg`This prealert can no longer be changed: it was received or cancelled.`),
  prealert_not_found: (i18n) => i18n._(msg`This prealert no longer exists.`),
  prealert_tracking_length: (i18n, detail) => {
    const [min, max] = [text(detail, 'min'), text(detail, 'max')]
    return i18n._(msg`The tracking number must have ${min} to ${max} characters.`)
  },
  prealert_tracking_chars: (i18n) => i18n._(msg`The tracking number may contain only letters, digits and -.`),
  prealert_store_length: (i18n, detail) => {
    const max = text(detail, 'max')
    return i18n._(msg`The store must have 1 to ${max} characters.`)
  },
  prealert_description_length: (i18n, detail) => {
    const max = text(detail, 'max')
    return i18n._(msg`The description must have 1 to ${max} characters.`)
  },
  prealert_value_range: (i18n, detail) => {
    const maxUsd = Number(text(detail, 'max_usd'))
    return i18n._(msg`The declared value must be 0 to ${plural(maxUsd, { other: '# USD' })}, with at most 2 decimals.`)
  },
  prealert_date_invalid: (i18n) => i18n._(msg`The expected date must be a calendar date.`),
}
