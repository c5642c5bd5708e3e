import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PrealertState } from '@/local-db/rows'
import { prealertMessages } from './prealert-validation'

export const prealertStateLabels: Record<PrealertState, MessageDescriptor> = {
  announced: msg`Announced`,
  received: msg`Received`,
  cancelled: msg`Cancelled`,
}

/**
 * What `save_prealert` and `cancel_prealert` answer (supabase/migrations), in the customer's
 * language; the form catches most of these before a change is queued, but the server has the last
 * word (another device, a stale copy). Anything else is shown as the server said it.
 */
const serverMessages: Record<string, MessageDescriptor> = {
  'A package with this tracking number is already announced': prealertMessages.alreadyAnnounced,
  'This prealert can no longer be changed': msg`This prealert can no longer be changed: it was received or cancelled.`,
  'Prealert not found': msg`This prealert no longer exists.`,
  'tracking_code must be 6 to 40 characters': msg`The tracking number must have 6 to 40 characters.`,
  'tracking_code may contain only letters A-Z, digits 0-9 and -': msg`The tracking number may contain only letters, digits and -.`,
  'store must be 1 to 80 characters': msg`The store must have 1 to 80 characters.`,
  'description must be 1 to 200 characters': msg`The description must have 1 to 200 characters.`,
  'declared_value_usd must be 0 to 50000 USD, with at most 2 decimals': msg`The declared value must be 0 to 50,000 USD, with at most 2 decimals.`,
  'expected_on must be a calendar date': msg`The expected date must be a calendar date.`,
}

export function prealertServerMessage(i18n: I18n, message: string): string {
  const known = serverMessages[message]
  return known ? i18n._(known) : message
}
