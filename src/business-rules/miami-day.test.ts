import { describe, expect, it } from 'vitest'
import { miamiDayNumber, miamiMidnight } from './miami-day'

const day = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000
const dayOf = (instant: string) => miamiDayNumber(new Date(instant))

describe('the Miami calendar day of an instant', () => {
  it('turns at Miami midnight, on both sides of a daylight-saving change, asked in any order and again', () => {
    const cases: [string, string][] = [
      ['2026-03-08T04:59:59.999Z', '2026-03-07'], // 23:59:59 EST
      ['2026-03-08T05:00:00.000Z', '2026-03-08'], // midnight EST; at 2:00 the clock goes forward
      ['2026-03-09T03:59:59.999Z', '2026-03-08'], // 23:59:59 EDT
      ['2026-03-09T04:00:00.000Z', '2026-03-09'],
      ['2026-11-01T03:59:59.999Z', '2026-10-31'], // 23:59:59 EDT; at 2:00 the clock goes back
      ['2026-11-01T04:00:00.000Z', '2026-11-01'],
      ['2026-11-02T04:59:59.999Z', '2026-11-01'], // 23:59:59 EST: the day had 25 hours
      ['2026-11-02T05:00:00.000Z', '2026-11-02'],
    ]
    for (const order of [cases, [...cases].reverse(), cases]) for (const [instant, expected] of order) expect(dayOf(instant), instant).toBe(day(expected))
  })
})

describe('the instant a Miami day begins', () => {
  it('is 05:00 UTC in winter and 04:00 UTC in summer, on the days the clock changes too', () => {
    expect(miamiMidnight('2026-01-15')).toBe('2026-01-15T05:00:00.000Z')
    expect(miamiMidnight('2026-03-08')).toBe('2026-03-08T05:00:00.000Z')
    expect(miamiMidnight('2026-03-09')).toBe('2026-03-09T04:00:00.000Z')
    expect(miamiMidnight('2026-07-04')).toBe('2026-07-04T04:00:00.000Z')
    expect(miamiMidnight('2026-11-01')).toBe('2026-11-01T04:00:00.000Z')
    expect(miamiMidnight('2026-11-02')).toBe('2026-11-02T05:00:00.000Z')
  })
})
