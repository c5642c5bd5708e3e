import { msg } from '@lingui/core/macro'
import { collectErrors, requiredError } from '@/components/form-validation'

export const editableProfileFields = ['full_name', 'phone', 'country', 'delivery_address', 'city', 'postal_code', 'id_number'] as const
export type EditableProfileField = (typeof editableProfileFields)[number]
export type EditableProfile = Record<EditableProfileField, string>

const maxLength: Record<EditableProfileField, number> = {
  full_name: 120,
  phone: 30,
  country: 60,
  delivery_address: 200,
  city: 80,
  postal_code: 20,
  id_number: 40,
}

const tooLong = msg`This is too long.`
const badPhone = msg`Use digits, spaces and + ( ) - only.`

export function validateProfile(profile: EditableProfile) {
  const lengthError = (field: EditableProfileField) => (profile[field].trim().length > maxLength[field] ? tooLong : undefined)
  return collectErrors({
    full_name: requiredError(profile.full_name) ?? lengthError('full_name'),
    phone: profile.phone.trim() && !/^[+\d\s()-]+$/.test(profile.phone.trim()) ? badPhone : lengthError('phone'),
    country: lengthError('country'),
    delivery_address: lengthError('delivery_address'),
    city: lengthError('city'),
    postal_code: lengthError('postal_code'),
    id_number: lengthError('id_number'),
  })
}

/** What is sent: trimmed, and empty optional fields as null. */
export function profileChanges(profile: EditableProfile): Record<EditableProfileField, string | null> {
  return Object.fromEntries(editableProfileFields.map((field) => [field, profile[field].trim() || null])) as Record<EditableProfileField, string | null>
}
