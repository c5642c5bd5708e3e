import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { isCalendarDay } from '@/business-rules/calendar-day'
import { atMostCharacters, collectErrors, isBetween, lengthError, requiredError, typedDecimal, validationMessages } from '@/components/form-validation'
import { normaliseTrackingCode, trackingCodeLength, trackingCodePattern } from '@/components/tracking-code'

const minTrackingLength = trackingCodeLength.min

/** What save_prealert accepts (besides the tracking code's, trackingCodeLength); tests/db/prealert-limits.test.ts holds the two equal. */
export const prealertLimits = { store: 80, description: 200, maxValueUsd: 50000 } as const
const { maxValueUsd } = prealertLimits

export const prealertMessages = {
  trackingTooShort: msg`At least ${minTrackingLength} characters.`,
  trackingCharacters: msg`Use letters, digits and - only.`,
  amount: msg`Enter an amount in US dollars, with at most 2 decimals.`,
  amountTooHigh: msg`At most ${plural(maxValueUsd, { other: '# USD' })}.`,
  date: msg`Enter a valid date.`,
  alreadyAnnounced: msg`You already announced a package with this tracking number.`,
} satisfies Record<string, MessageDescriptor>

export interface PrealertForm {
  tracking_code: string
  store: string
  description: string
  declared_value_usd: string
  /** yyyy-mm-dd from a date input, or empty. */
  expected_on: string
}

function trackingCodeError(typed: string): MessageDescriptor | undefined {
  const code = normaliseTrackingCode(typed)
  if (!code) return requiredError(code)
  if (!trackingCodePattern.test(code)) return prealertMessages.trackingCharacters
  if (code.length < trackingCodeLength.min) return prealertMessages.trackingTooShort
  return code.length > trackingCodeLength.max ? atMostCharacters(trackingCodeLength.max) : undefined
}

function textError(value: string, max: number): MessageDescriptor | undefined {
  return requiredError(value) ?? lengthError(value, max)
}

function amountError(typed: string): MessageDescriptor | undefined {
  if (!typed.trim()) return validationMessages.required
  const amount = typedDecimal(typed, 2)
  if (!amount) return prealertMessages.amount
  return isBetween(amount, 0, prealertLimits.maxValueUsd) ? undefined : prealertMessages.amountTooHigh
}

export function validatePrealert(form: PrealertForm) {
  return collectErrors({
    tracking_code: trackingCodeError(form.tracking_code),
    store: textError(form.store, prealertLimits.store),
    description: textError(form.description, prealertLimits.description),
    declared_value_usd: amountError(form.declared_value_usd),
    expected_on: form.expected_on && !isCalendarDay(form.expected_on) ? prealertMessages.date : undefined,
  })
}

/** What is saved: the tracking code normalised, text trimmed, the amount a number, no date as null. */
export function prealertFields(form: PrealertForm) {
  return {
    tracking_code: normaliseTrackingCode(form.tracking_code),
    store: form.store.trim(),
    description: form.description.trim(),
    declared_value_usd: Number(form.declared_value_usd.trim()),
    expected_on: form.expected_on || null,
  }
}
