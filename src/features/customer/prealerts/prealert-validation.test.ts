import { describe, expect, it } from 'vitest'
import { atMostCharacters, validationMessages } from '@/components/form-validation'
import { normaliseTrackingCode } from '@/components/tracking-code'
import { prealertFields, prealertMessages, validatePrealert, type PrealertForm } from './prealert-validation'

const valid: PrealertForm = {
  tracking_code: ' 1z 999 aa1 0123456784 ',
  store: 'Amazon',
  description: 'Wireless headphones',
  declared_value_usd: '59.90',
  expected_on: '2026-12-01',
}

describe('normaliseTrackingCode', () => {
  it('trims, uppercases and drops inner whitespace', () => {
    expect(normaliseTrackingCode(' 1z 999\taa1 0123456784 ')).toBe('1Z999AA10123456784')
  })
})

describe('validatePrealert', () => {
  it('accepts a complete prealert, and one without an expected date', () => {
    expect(validatePrealert(valid)).toEqual({})
    expect(validatePrealert({ ...valid, expected_on: '' })).toEqual({})
  })

  it('requires tracking number, store, description and value', () => {
    expect(validatePrealert({ tracking_code: '  ', store: ' ', description: '', declared_value_usd: '', expected_on: '' })).toEqual({
      tracking_code: validationMessages.required,
      store: validationMessages.required,
      description: validationMessages.required,
      declared_value_usd: validationMessages.required,
    })
  })

  it.each([
    ['12345', prealertMessages.trackingTooShort],
    ['A'.repeat(41), atMostCharacters(40)],
    ['1Z_999', prealertMessages.trackingCharacters],
    ['ÑANDÚ-123', prealertMessages.trackingCharacters],
  ])('refuses the tracking number %j', (tracking_code, error) => {
    expect(validatePrealert({ ...valid, tracking_code })).toEqual({ tracking_code: error })
  })

  it('names the length limits of store and description', () => {
    expect(validatePrealert({ ...valid, store: 'x'.repeat(81), description: 'x'.repeat(201) })).toEqual({
      store: atMostCharacters(80),
      description: atMostCharacters(200),
    })
    expect(validatePrealert({ ...valid, store: 'x'.repeat(80), description: 'x'.repeat(200) })).toEqual({})
  })

  it.each(['12.345', '-5', '1,50', 'abc', '1e3'])('refuses the amount %j', (declared_value_usd) => {
    expect(validatePrealert({ ...valid, declared_value_usd })).toEqual({ declared_value_usd: prealertMessages.amount })
  })

  it('takes amounts from 0 to 50,000 USD', () => {
    expect(validatePrealert({ ...valid, declared_value_usd: '0' })).toEqual({})
    expect(validatePrealert({ ...valid, declared_value_usd: '50000.00' })).toEqual({})
    expect(validatePrealert({ ...valid, declared_value_usd: '50000.01' })).toEqual({ declared_value_usd: prealertMessages.amountTooHigh })
  })

  it.each(['2026-02-30', '01/12/2026', '2026-13-01'])('refuses the date %j', (expected_on) => {
    expect(validatePrealert({ ...valid, expected_on })).toEqual({ expected_on: prealertMessages.date })
  })
})

describe('prealertFields', () => {
  it('sends the normalised tracking code, trimmed text, a number and a null date when none', () => {
    expect(prealertFields({ ...valid, store: ' Amazon ', expected_on: '' })).toEqual({
      tracking_code: '1Z999AA10123456784',
      store: 'Amazon',
      description: 'Wireless headphones',
      declared_value_usd: 59.9,
      expected_on: null,
    })
  })
})
