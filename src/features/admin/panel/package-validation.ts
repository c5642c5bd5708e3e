import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { characterCount, collectErrors } from '@/components/form-validation'
import { packageLimits } from '@/components/package-limits'
import { normaliseTrackingCode } from '@/components/tracking-code'
import type { PackageStatus } from '@/local-db/rows'

export interface PackageForm {
  trackingCode: string
  status: PackageStatus
  weightKg: string
  volumeM3: string
  meta: string
}

export const emptyPackageForm: PackageForm = { trackingCode: '', status: 'recibido', weightKg: '', volumeM3: '', meta: '' }

export const { maxWeightKg, maxTrackingLength } = packageLimits

export const packageMessages = {
  metaInvalid: msg`Invalid meta JSON.`,
  weightRange: msg`Enter a weight between 0 and ${maxWeightKg} kg.`,
  volumeRange: msg`Enter a volume of 0 or more.`,
  trackingTooLong: msg`A tracking code has at most ${maxTrackingLength} characters.`,
} satisfies Record<string, MessageDescriptor>

/** A number field: empty is null (SPEC §5); anything else must be a finite number within bounds. */
function numberError(value: string, min: number, max: number, message: MessageDescriptor) {
  if (value.trim() === '') return undefined
  const n = Number(value)
  return Number.isFinite(n) && n >= min && n <= max ? undefined : message
}

/** Meta is optional (empty, or JSON's null), but when given it must be a JSON object (SPEC §5, and the database's check). */
export function parseMeta(text: string): Record<string, unknown> | null | undefined {
  if (text.trim() === '') return null
  try {
    const value: unknown = JSON.parse(text)
    if (value === null) return null
    return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

export function validatePackage(form: PackageForm) {
  return collectErrors({
    trackingCode: characterCount(normaliseTrackingCode(form.trackingCode)) > maxTrackingLength ? packageMessages.trackingTooLong : undefined,
    weightKg: numberError(form.weightKg, 0, maxWeightKg, packageMessages.weightRange),
    volumeM3: numberError(form.volumeM3, 0, Number.MAX_VALUE, packageMessages.volumeRange),
    meta: parseMeta(form.meta) === undefined ? packageMessages.metaInvalid : undefined,
  })
}

/** What is registered: trimmed, empty tracking code, weight or volume as null (SPEC §5). */
export function packageFields(form: PackageForm) {
  const number = (value: string) => (value.trim() === '' ? null : Number(value))
  return {
    status: form.status,
    tracking_code: normaliseTrackingCode(form.trackingCode) || null,
    weight_kg: number(form.weightKg),
    volume_m3: number(form.volumeM3),
    meta: parseMeta(form.meta) ?? null,
  }
}
