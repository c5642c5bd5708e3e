import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { heldPackageRefusal } from '@/components/shipment-refusals'

/**
 * Why the server refused a package change (`register_package`, `apply_package_statuses` (`apply_package_status` for each change),
 * the `packages` table's checks and its guard of packages in an open shipment in supabase/migrations), in the admin's language. The desk catches most
 * of these before a change is queued, but the server has the last word: a role taken away, a package
 * deleted meanwhile, a device whose clock is wrong. Anything else is shown as the server said it.
 */
const refusals: [RegExp, MessageDescriptor][] = [
  [/^permission denied: only admins can/, msg`Your account is no longer an admin: only admins can register packages and change their status.`],
  [/ahead of the server's clock/, msg`This device's date and time are more than 5 minutes ahead of the server's. Correct them in the device's settings, then try again.`],
  [/^customer \S+ not found$/, msg`The customer of this package no longer exists.`],
  [/^package \S+ not found$/, msg`This package no longer exists.`],
  [/^package \S+ already exists$/, msg`This package is already registered.`],
  [/^operation \S+ was already recorded for a different change$/, msg`The server already has a different change under this change's id. Discard it and make the change again.`],
  [/^p_[\w, ]+ (is|are) required$|^p_changes must be|^at most \d+ changes per call/, msg`This change reached the server incomplete. Discard it and make the change again.`],
  [/"packages_weight_kg_range"/, msg`The weight must be between 0 and 32 kg.`],
  [/"packages_volume_m3_non_negative"/, msg`The volume cannot be negative.`],
]

export function packageRefusal(i18n: I18n, serverMessage: string): string {
  const held = heldPackageRefusal(i18n, serverMessage)
  if (held) return held
  const known = refusals.find(([pattern]) => pattern.test(serverMessage))
  return known ? i18n._(known[1]) : serverMessage
}
