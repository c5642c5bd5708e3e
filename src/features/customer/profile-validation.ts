import { collectErrors, lengthError, phoneError, requiredError } from '@/components/form-validation'
import { profileLimits } from '@/components/profile-limits'

export const editableProfileFields = ['full_name', 'phone', 'country', 'delivery_address', 'city', 'postal_code', 'id_number'] as const
export type EditableProfileField = (typeof editableProfileFields)[number]
export type EditableProfile = Record<EditableProfileField, string>

export function validateProfile(profile: EditableProfile) {
  const tooLong = (field: EditableProfileField) => lengthError(profile[field], profileLimits[field])
  return collectErrors({
    full_name: requiredError(profile.full_name) ?? tooLong('full_name'),
    phone: phoneError(profile.phone) ?? tooLong('phone'),
    country: tooLong('country'),
    delivery_address: tooLong('delivery_address'),
    city: tooLong('city'),
    postal_code: tooLong('postal_code'),
    id_number: tooLong('id_number'),
  })
}

/** What is sent: trimmed, and empty optional fields as null. */
export function profileChanges(profile: EditableProfile): Record<EditableProfileField, string | null> {
  return Object.fromEntries(editableProfileFields.map((field) => [field, profile[field].trim() || null])) as Record<EditableProfileField, string | null>
}
