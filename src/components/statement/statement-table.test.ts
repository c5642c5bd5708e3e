import { describe, expect, it } from 'vitest'
import type { StatementLine } from '@/local-db/account'
import { toCsv } from '../csv'
import { linesIn, monthsOf, statementCsvTable } from './statement-table'

const line = (id: string, created_at: string, amount: number, balance: number): StatementLine => ({
  id,
  user_id: 'c1',
  kind: amount > 0 ? 'shipment_charge' : 'payment',
  amount_cents: amount,
  balance_after_cents: balance,
  currency: 'USD',
  shipment_id: null,
  package_id: null,
  storage_day: null,
  method: null,
  reference: null,
  reason: null,
  refers_to: null,
  receipt_number: null,
  posted_by: null,
  created_at,
})

// 03:30 UTC on December 1 is still November 30 in Miami.
const lines = [line('a', '2026-11-02T15:00:00Z', 5000, 5000), line('b', '2026-12-01T03:30:00Z', -2000, 3000), line('c', '2026-12-01T15:00:00Z', -3000, 0)]

describe('a statement’s months and CSV', () => {
  it('lists the Miami months it has lines in, newest first, and filters by one', () => {
    expect(monthsOf(lines)).toEqual(['2026-12', '2026-11'])
    expect(linesIn(lines, '2026-11').map((l) => l.id)).toEqual(['a', 'b'])
    expect(linesIn(lines, '2026-12').map((l) => l.id)).toEqual(['c'])
    expect(linesIn(lines, null)).toHaveLength(3)
  })

  it('exports the lines under the reader’s headers, dollars as numbers a spreadsheet sums, negatives not taken for formulas', () => {
    const columns = { date: 'Fecha', what: 'Concepto', detail: 'Detalle', amount: 'Importe (USD)', balance: 'Saldo (USD)' }
    const csv = toCsv(statementCsvTable(lines.slice(0, 2), columns, (l) => ({ what: l.kind === 'payment' ? 'Pago' : 'Cargo', detail: 'Efectivo, caja 1' })))
    expect(csv).toBe('\uFEFFFecha,Concepto,Detalle,Importe (USD),Saldo (USD)\r\n2026-11-02T15:00:00Z,Cargo,"Efectivo, caja 1",50,50\r\n2026-12-01T03:30:00Z,Pago,"Efectivo, caja 1",-20,30\r\n')
  })
})
