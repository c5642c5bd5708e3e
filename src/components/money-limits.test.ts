import { describe, expect, it } from 'vitest'
import { amountError, moneyLimits, moneyMessages, parseCents, reasonError, referenceError } from './money-limits'

describe('amounts typed at the desk', () => {
  it('reads dollars as people type them, to the cent', () => {
    expect(parseCents('25')).toBe(2500)
    expect(parseCents(' $1,250.5 ')).toBe(125050)
    expect(parseCents('0.07')).toBe(7)
    expect(parseCents('-3')).toBe(-300)
    for (const typed of ['', 'abc', '1.234', '1,25', '$', '12.']) expect(parseCents(typed)).toBeNull()
  })

  it('takes 1 cent to the functions’ maximum, and for an adjustment either way but zero', () => {
    const max = (moneyLimits.maxCents / 100).toFixed(2)
    expect(amountError('0.01')).toBeUndefined()
    expect(amountError(max)).toBeUndefined()
    expect(amountError('100000.01')).toBe(moneyMessages.amountRange)
    expect(amountError('0')).toBe(moneyMessages.amountRange)
    expect(amountError('-5')).toBe(moneyMessages.amountRange)
    expect(amountError('-5', true)).toBeUndefined()
    expect(amountError('0', true)).toBe(moneyMessages.signedAmountRange)
    expect(amountError('ten')).toBe(moneyMessages.amount)
  })

  it('asks for a reason the customer reads, and keeps a reference within what the database stores, counting characters as it does', () => {
    expect(reasonError('   ')).toBe(moneyMessages.reason)
    expect(reasonError('😀'.repeat(moneyLimits.maxReasonLength))).toBeUndefined()
    expect(reasonError('a'.repeat(moneyLimits.maxReasonLength + 1))).toBe(moneyMessages.reason)
    expect(referenceError('')).toBeUndefined()
    expect(referenceError('x'.repeat(moneyLimits.maxReferenceLength + 1))).toBe(moneyMessages.reference)
  })
})
