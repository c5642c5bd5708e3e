import { msg } from '@lingui/core/macro'
import { packageLimits } from '@/components/package-limits'
import type { Say } from './say'

const { maxWeightKg } = packageLimits

/** Refusals of register_package and apply_package_status(es). */
export const packageTexts: Record<string, Say> = {
  customer_not_found: (i18n) => i18n._(msg`The customer of this package no longer exists.`),
  package_not_found: (i18n) => i18n._(msg`This package no longer exists.`),
  package_exists: (i18n) => i18n._(msg`This package is already registered.`),
}

/** The packages table's checks, by constraint name (as stable as a key). */
export const constraintTexts: Record<string, Say> = {
  packages_weight_kg_range: (i18n) => i18n._(msg`The weight must be between 0 and ${maxWeightKg} kg.`),
  packages_volume_m3_non_negative: (i18n) => i18n._(msg`The volume cannot be negative.`),
}
