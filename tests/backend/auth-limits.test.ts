// The auth forms' limits are the auth service's, as the local stand-in applies GoTrue's rules
// (supabase/local/auth/signup.ts): random passwords around 6 characters and 72 bytes (letters of two
// bytes and emoji of four, one character each) go to passwordError and to validatePassword, and
// random email addresses around 255 characters to emailError and to validateEmail, each as sent.
// A password of blanks alone is the form's own refusal (the service would take six spaces).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateEmail, validatePassword } from '../../supabase/local/auth/signup'
import { authLimits, emailError, passwordError } from '@/components/form-validation'
import { textOf } from '../db/around-limits.ts'

const accepts = (check: () => unknown) => {
  try {
    check()
    return true
  } catch {
    return false
  }
}

const { passwordMinLength, passwordMaxBytes, emailMaxLength } = authLimits
const passwordArb = fc.oneof(
  textOf(fc.integer({ min: passwordMinLength - 2, max: passwordMinLength + 1 })),
  // Around 72 bytes: ASCII, then a tail of wider characters.
  fc
    .tuple(fc.integer({ min: passwordMaxBytes - 8, max: passwordMaxBytes + 1 }), fc.array(fc.constantFrom('a', 'ñ', '中', '😀'), { maxLength: 4 }))
    .map(([bytes, tail]) => 'p'.repeat(Math.max(0, bytes - new TextEncoder().encode(tail.join('')).length)) + tail.join('')),
)
const emailArb = fc
  .tuple(fc.integer({ min: emailMaxLength - 14, max: emailMaxLength - 10 }), fc.constantFrom('', ' ', 'İ', 'x'), fc.constantFrom('@example.com', '@x', 'example.com'))
  .map(([length, extra, domain]) => `${extra}${'a'.repeat(length)}${domain}`)

describe('the auth forms’ limits, device and auth service', () => {
  it('accept and refuse the same passwords', () => {
    fc.assert(
      fc.property(passwordArb, (password) => {
        expect(passwordError(password) === undefined, JSON.stringify(password)).toBe(accepts(() => validatePassword(password)))
      }),
      { numRuns: 300 },
    )
  })

  it('accept and refuse the same email addresses', () => {
    fc.assert(
      fc.property(emailArb, (email) => {
        expect(emailError(email) === undefined, JSON.stringify(email)).toBe(accepts(() => validateEmail(email.trim())))
      }),
      { numRuns: 300 },
    )
  })
})
