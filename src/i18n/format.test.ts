import { describe, expect, it } from 'vitest'
import { formatDateTime, formatDollars, formatLongDate, formatMeasure, formatMonth, formatUsd } from './format'

describe('formatting for the page language', () => {
  it('formats weights and volumes with the language decimal mark', () => {
    expect(formatMeasure(2.5, 'kg', 'en')).toBe('2.5 kg')
    expect(formatMeasure('2.5', 'kg', 'es')).toBe('2,5 kg')
    expect(formatMeasure(0.0125, 'm³', 'en')).toBe('0.0125 m³')
    expect(formatMeasure(null, 'kg', 'en')).toBe('—')
  })

  it('formats a database amount of dollars, sent as a string or a number, to the cent', () => {
    expect(formatDollars('120.50')).toBe('$120.50')
    expect(formatDollars(1234.5)).toBe('$1,234.50')
    expect(formatDollars('0.1')).toBe('$0.10')
  })

  it('formats dates in the language', () => {
    const date = '2025-09-23T15:00:00Z'
    expect(formatDateTime(date, 'en')).toMatch(/Sep 23, 2025/)
    expect(formatDateTime(date, 'es')).toMatch(/23 sept? 2025/)
  })

  it('writes dollars as Intl does for the US, in both languages', () => {
    const amounts = [0, 1, 5, 99, 100, 499, 1234.5, 99999, 100000, 123456789, -250, -99999, 0.4, 12.5, 1999.999]
    for (const cents of amounts)
      for (const [lang, locale] of [['es', 'es-US'], ['en', 'en-US']] as const)
        expect(formatUsd(cents), `${cents} in ${lang}`).toBe(new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(Math.round(cents) / 100))
  })

  it('writes calendar dates out in full, whatever the time zone', () => {
    expect(formatLongDate('2025-09-23', 'en')).toBe('September 23, 2025')
    expect(formatLongDate('2025-09-23', 'es')).toBe('23 de septiembre de 2025')
    for (let month = 0; month < 12; month++) {
      const date = new Date(Date.UTC(2026, month, month + 1)).toISOString().slice(0, 10)
      for (const lang of ['es', 'en'] as const) expect(formatLongDate(date, lang)).toBe(new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(date)))
    }
  })

  it('names a calendar month with its year, as Intl does', () => {
    expect(formatMonth('2026-11', 'es')).toBe('noviembre de 2026')
    expect(formatMonth('2026-11', 'en')).toBe('November 2026')
    for (let month = 1; month <= 12; month++) {
      const isoMonth = `2026-${String(month).padStart(2, '0')}`
      for (const lang of ['es', 'en'] as const) expect(formatMonth(isoMonth, lang)).toBe(new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoMonth}-15`)))
    }
  })
})
