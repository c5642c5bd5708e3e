import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const passwordMinLength = 6

export const validationMessages = {
  required: msg`This field is required.`,
  email: msg`Enter a valid email address.`,
  passwordTooShort: msg`The password must be at least 6 characters.`,
  phone: msg`Use digits, spaces and + ( ) - only.`,
  tooLong: msg`This is too long.`,
} satisfies Record<string, MessageDescriptor>

export type FieldErrors<Field extends string> = Partial<Record<Field, MessageDescriptor>>

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function requiredError(value: string): MessageDescriptor | undefined {
  return value.trim() ? undefined : validationMessages.required
}

export function emailError(value: string): MessageDescriptor | undefined {
  return requiredError(value) ?? (emailPattern.test(value.trim()) ? undefined : validationMessages.email)
}

export function passwordError(value: string): MessageDescriptor | undefined {
  return requiredError(value) ?? (value.length >= passwordMinLength ? undefined : validationMessages.passwordTooShort)
}

/** Optional; when given, a phone number as people write them. */
export function phoneError(value: string): MessageDescriptor | undefined {
  return value.trim() && !/^[+\d\s()-]+$/.test(value.trim()) ? validationMessages.phone : undefined
}

/** A text's length as the database counts it (char_length: an emoji is one character, not two UTF-16 units). */
export const characterCount = (text: string): number => [...text].length

export function lengthError(value: string, max: number): MessageDescriptor | undefined {
  return characterCount(value.trim()) > max ? validationMessages.tooLong : undefined
}

/** Only the fields that have an error; an empty object means the form is valid. */
export function collectErrors<Field extends string>(checks: Record<Field, MessageDescriptor | undefined>): FieldErrors<Field> {
  return Object.fromEntries(Object.entries(checks).filter(([, error]) => error)) as FieldErrors<Field>
}
