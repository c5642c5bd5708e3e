import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { formatUsd } from '@/i18n/format'

/**
 * What the account's functions take (money_amount_input, money_reason_input, record_payment in
 * supabase/migrations/20261205100000_money.sql): an amount of 1 cent to $100,000 (either way for an
 * adjustment), a reason of 1 to 500 characters, a reference of at most 200.
 */
export const moneyLimits = { maxCents: 10_000_000, maxReasonLength: 500, maxReferenceLength: 200 } as const
const { maxCents, maxReasonLength, maxReferenceLength } = moneyLimits
const max = formatUsd(maxCents)

export const moneyMessages = {
  amount: msg`Enter an amount in dollars, such as 25 or 25.50.`,
  amountRange: msg`The amount must be more than zero and at most ${max}.`,
  signedAmountRange: msg`The amount must not be zero and at most ${max} either way (negative lowers what is owed).`,
  reason: msg`Write the reason the customer will read, up to ${maxReasonLength} characters.`,
  reference: msg`The reference can be at most ${maxReferenceLength} characters.`,
} satisfies Record<string, MessageDescriptor>

/** Dollars as typed ("25", "$1,250.5", "-3") in cents, or null when it is not an amount. */
export function parseCents(typed: string): number | null {
  const match = /^(-)?\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(typed.trim())
  if (!match) return null
  const [, minus, whole = '', fraction = ''] = match
  const cents = Number(whole.replaceAll(',', '')) * 100 + Number(fraction.padEnd(2, '0'))
  return minus ? -cents : cents
}

/** Why an amount cannot be posted, if it cannot: `signed` for an adjustment, which goes either way. */
export function amountError(typed: string, signed = false): MessageDescriptor | undefined {
  const cents = parseCents(typed)
  if (cents === null) return moneyMessages.amount
  const inRange = cents !== 0 && Math.abs(cents) <= maxCents && (signed || cents > 0)
  return inRange ? undefined : signed ? moneyMessages.signedAmountRange : moneyMessages.amountRange
}

/** Characters as the database counts them (code points), once trimmed. */
const characters = (typed: string) => [...typed.trim()].length

export function reasonError(typed: string): MessageDescriptor | undefined {
  const length = characters(typed)
  return length >= 1 && length <= maxReasonLength ? undefined : moneyMessages.reason
}

export function referenceError(typed: string): MessageDescriptor | undefined {
  return characters(typed) <= maxReferenceLength ? undefined : moneyMessages.reference
}
