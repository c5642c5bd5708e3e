import { describe, expect, it } from 'vitest'
import { balanceOf, statementLines, unpaidByLine } from './account-lines'
import type { AccountEntryRow } from './account-rows'
import type { AccountOp } from './db'

let n = 0
const entry = (kind: AccountEntryRow['kind'], amount: number, balance: number, created_at: string): AccountEntryRow => ({
  id: `e${++n}`,
  user_id: 'c1',
  kind,
  amount_cents: amount,
  balance_after_cents: balance,
  currency: 'USD',
  shipment_id: null,
  package_id: null,
  storage_day: null,
  method: kind === 'payment' ? 'cash' : null,
  reference: null,
  reason: null,
  refers_to: null,
  receipt_number: kind === 'payment' ? n : null,
  posted_by: null,
  created_at,
})

const op = (seq: number, fields: Partial<AccountOp> & Pick<AccountOp, 'kind' | 'amountCents'>, state: AccountOp['state'] = 'pending') =>
  ({ seq, opId: `op${seq}`, userId: 'admin', customerId: 'c1', state, attempts: 0, nextAttemptAt: 0, lastError: null, createdAt: '2026-12-05T15:00:00Z', reason: 'r', method: 'cash', reference: '', paymentId: 'p', ...fields }) as unknown as AccountOp

describe('a statement on the device', () => {
  it('orders the server’s lines by when they were posted, to the microsecond the database keeps', () => {
    const later = entry('payment', -500, 4500, '2026-12-01T10:00:00.000002+00:00')
    const first = entry('shipment_charge', 5000, 5000, '2026-12-01T10:00:00.000001+00:00')
    expect(statementLines([later, first], []).map((line) => line.id)).toEqual([first.id, later.id])
  })

  it('carries the running balance through the postings still queued, and leaves refused ones out of it', () => {
    const rows = [entry('shipment_charge', 5000, 5000, '2026-12-01T10:00:00Z')]
    const lines = statementLines(rows, [
      op(2, { kind: 'record-payment', amountCents: 2000 }),
      op(3, { kind: 'refund-payment', amountCents: 9000 }, 'failed'),
      op(4, { kind: 'post-adjustment', amountCents: -500 }),
      op(5, { kind: 'grant-credit', amountCents: 4000 }),
    ])
    expect(lines.map((line) => [line.kind, line.amount_cents, line.balance_after_cents, line.pending])).toEqual([
      ['shipment_charge', 5000, 5000, undefined],
      ['payment', -2000, 3000, 'pending'],
      ['refund', 9000, 3000, 'failed'],
      ['adjustment', -500, 2500, 'pending'],
      ['credit', -4000, -1500, 'pending'],
    ])
    expect(balanceOf(lines)).toBe(-1500)
    expect(balanceOf(lines.slice(0, 3))).toBe(3000)
  })

  it('pays the oldest charges first, and a credit held before pays later charges', () => {
    const a = entry('shipment_charge', 3000, 3000, '2026-12-01T10:00:00Z')
    const b = entry('storage_fee', 200, 3200, '2026-12-02T10:00:00Z')
    const pay = entry('payment', -3100, 100, '2026-12-03T10:00:00Z')
    expect([...unpaidByLine(statementLines([a, b, pay], []))]).toEqual([[b.id, 100]])
    const overpay = entry('payment', -1100, -1000, '2026-12-04T10:00:00Z')
    const c = entry('shipment_charge', 1500, 500, '2026-12-05T10:00:00Z')
    expect([...unpaidByLine(statementLines([a, b, pay, overpay, c], []))]).toEqual([[c.id, 500]])
    // A charge the credit held covers whole is not listed as unpaid at all.
    const small = entry('storage_fee', 200, 700, '2026-12-06T10:00:00Z')
    const more = entry('credit', -1000, -300, '2026-12-07T10:00:00Z')
    const covered = entry('storage_fee', 100, -200, '2026-12-08T10:00:00Z')
    expect([...unpaidByLine(statementLines([a, b, pay, overpay, c, small, more, covered], []))]).toEqual([])
  })
})
