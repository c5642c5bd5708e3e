import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { compare, decimal, parseDecimal, type Decimal } from '@/business-rules/decimal'

/**
 * What the auth service takes (GoTrue's rules, supabase/local/auth/signup.ts): a password of at least
 * 6 characters and at most 72 bytes (bcrypt reads no further), an email of at most 255 UTF-16 units
 * once trimmed and lower-cased; tests/backend/auth-limits.test.ts holds the two equal.
 */
export const authLimits = { passwordMinLength: 6, passwordMaxBytes: 72, emailMaxLength: 255 } as const
const { passwordMinLength, passwordMaxBytes, emailMaxLength } = authLimits

export const validationMessages = {
  required: msg`This field is required.`,
  email: msg`Enter a valid email address.`,
  emailTooLong: msg`An email address has at most ${emailMaxLength} characters.`,
  passwordTooShort: msg`The password must be at least ${passwordMinLength} characters.`,
  passwordTooLong: msg`The password is too long: at most ${passwordMaxBytes} letters and digits, fewer with accents or emoji.`,
  phone: msg`Use digits, spaces and + ( ) - only.`,
} satisfies Record<string, MessageDescriptor>

export type FieldErrors<Field extends string> = Partial<Record<Field, MessageDescriptor>>

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function requiredError(value: string): MessageDescriptor | undefined {
  return value.trim() ? undefined : validationMessages.required
}

export function emailError(value: string): MessageDescriptor | undefined {
  if (value.trim().toLowerCase().length > emailMaxLength) return validationMessages.emailTooLong
  return requiredError(value) ?? (emailPattern.test(value.trim()) ? undefined : validationMessages.email)
}

export function passwordError(value: string): MessageDescriptor | undefined {
  if (new TextEncoder().encode(value).length > passwordMaxBytes) return validationMessages.passwordTooLong
  return requiredError(value) ?? (characterCount(value) >= passwordMinLength ? undefined : validationMessages.passwordTooShort)
}

/** Optional; when given, a phone number as people write them. */
export function phoneError(value: string): MessageDescriptor | undefined {
  return value.trim() && !/^[+\d\s()-]+$/.test(value.trim()) ? validationMessages.phone : undefined
}

/** A text's length as the database counts it (char_length: an emoji is one character, not two UTF-16 units). */
export const characterCount = (text: string): number => [...text].length

/** Names the limit, as every message about length does. */
export const atMostCharacters = (max: number): MessageDescriptor => msg`At most ${max} characters.`

/**
 * A text field's maxLength for a limit of `max` characters: the browser counts UTF-16 units (an emoji
 * takes two) where the database counts characters, so the field never stops a text under the limit
 * (a few blanks around it too), and the message names the limit.
 */
export const maxLengthOf = (max: number) => 2 * max + 20

/** More than `max` characters once trimmed, counted as the database counts them. */
export function lengthError(value: string, max: number): MessageDescriptor | undefined {
  return characterCount(value.trim()) > max ? atMostCharacters(max) : undefined
}

/** A number as people type one: "12", "12.5", ".5" or "12.". */
const typedNumber = /^(\d+\.?\d*|\.\d+)$/

/** How many decimals a decimal has as a number: "2.50" has one. */
function decimalsOf(value: Decimal): number {
  let decimals = value.scale
  for (let units = value.units; decimals > 0 && units % 10n === 0n; units /= 10n) decimals -= 1
  return decimals
}

/**
 * The typed number, exactly, when it has at most `decimals` decimals as a number (any, if not given):
 * what is sent is the number ("2.50" is 2.5), and the database counts its decimals, not the zeros
 * typed after them.
 */
export function typedDecimal(typed: string, decimals = Infinity): Decimal | null {
  const text = typed.trim()
  const value = typedNumber.test(text) ? parseDecimal(text) : null
  return value && decimalsOf(value) <= decimals ? value : null
}

/** Whether a typed decimal is one, from `min` to `max` (both included). */
export const isBetween = (value: Decimal | null, min: number | string, max: number | string): value is Decimal =>
  value !== null && compare(value, decimal(min)) >= 0 && compare(value, decimal(max)) <= 0

/** Only the fields that have an error; an empty object means the form is valid. */
export function collectErrors<Field extends string>(checks: Record<Field, MessageDescriptor | undefined>): FieldErrors<Field> {
  return Object.fromEntries(Object.entries(checks).filter(([, error]) => error)) as FieldErrors<Field>
}
