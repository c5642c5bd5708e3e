import { describe, expect, it } from 'vitest'
import { matchingTotpStep, newTotpSecret, totpCode, totpStep } from '../../supabase/local/auth/totp'

// RFC 6238, appendix B: the SHA-1 seed "12345678901234567890", its codes cut to 6 digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'

describe('TOTP (RFC 6238: SHA-1, 6 digits, 30 s)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, totpStep(seconds * 1000))).toBe(code)
  })

  it('accepts the codes of one step either side of now and nothing further', () => {
    const now = 1111111109_000
    const step = totpStep(now)
    for (const offset of [-1, 0, 1]) expect(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now)).toBe(step + offset)
    for (const offset of [-2, 2]) expect(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now)).toBeUndefined()
    expect(matchingTotpStep(RFC_SECRET, '12345', now)).toBeUndefined()
  })

  it('makes a new 160-bit secret each time, in base32', () => {
    const secret = newTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(newTotpSecret()).not.toBe(secret)
  })
})
