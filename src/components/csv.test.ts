import { describe, expect, it } from 'vitest'
import { toCsv } from './csv'

describe('a report table as CSV', () => {
  it('is RFC 4180: a header row, CRLF line ends, empty cells for missing numbers, UTF-8 marked', () => {
    const csv = toCsv({ columns: ['Día', 'Recibidos'], rows: [['2026-11-23', 4], ['2026-11-24', null]] })
    expect(csv).toBe('\uFEFFDía,Recibidos\r\n2026-11-23,4\r\n2026-11-24,\r\n')
  })

  it('quotes cells holding commas, quotes or line breaks, doubling the quotes', () => {
    expect(toCsv({ columns: ['Measure'], rows: [['a, b'], ['say "hi"'], ['two\nlines']] })).toBe('\uFEFFMeasure\r\n"a, b"\r\n"say ""hi"""\r\n"two\nlines"\r\n')
  })

  it('keeps text that starts like a formula from running as one in a spreadsheet', () => {
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) {
      const [, cell] = toCsv({ columns: ['x'], rows: [[formula]] }).slice(1).split('\r\n')
      expect(cell!.replace(/^"|"$/g, '').startsWith("'")).toBe(true)
    }
    // Numbers are numbers, negative ones included.
    expect(toCsv({ columns: ['x'], rows: [[-3]] })).toBe('\uFEFFx\r\n-3\r\n')
  })
})
