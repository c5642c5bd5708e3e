import { describe, expect, it } from 'vitest'
import { addDays, daysInRange, presetRequest, rangeProblem, warehouseToday } from './report-range'

describe('report ranges', () => {
  it('count days in Miami, whatever the device’s time zone', () => {
    // 03:30 UTC on March 10 is still March 9 in Miami (EDT starts that day at 07:00 UTC).
    expect(warehouseToday(new Date('2025-03-10T03:30:00Z'))).toBe('2025-03-09')
    expect(warehouseToday(new Date('2025-03-10T05:00:00Z'))).toBe('2025-03-10')
  })

  it('quick ranges end today and include it; a year is grouped by week', () => {
    const now = new Date('2026-11-24T15:00:00Z')
    expect(presetRequest(7, now)).toEqual({ from: '2026-11-18', to: '2026-11-24', bucket: 'day' })
    expect(presetRequest(90, now)).toMatchObject({ from: addDays('2026-11-24', -89), bucket: 'day' })
    expect(daysInRange(presetRequest(365, now).from, '2026-11-24')).toBe(365)
    expect(presetRequest(365, now).bucket).toBe('week')
  })

  it('adds days across month, year and daylight-saving changes', () => {
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
  })

  it('are refused when a date is missing or malformed, reversed, or longer than 400 days', () => {
    expect(rangeProblem({ from: '', to: '2026-11-24' })).toBe('missing')
    expect(rangeProblem({ from: '2026-13-45', to: '2026-11-24' })).toBe('missing')
    expect(rangeProblem({ from: '2026-11-25', to: '2026-11-24' })).toBe('reversed')
    expect(rangeProblem({ from: '2025-10-20', to: '2026-11-24' })).toBe('too-long')
    expect(rangeProblem({ from: addDays('2026-11-24', -399), to: '2026-11-24' })).toBeNull()
    expect(rangeProblem({ from: '2026-11-24', to: '2026-11-24' })).toBeNull()
  })
})
