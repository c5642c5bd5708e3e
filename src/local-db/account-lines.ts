import type { AccountEntryRow } from './account-rows'
import type { AccountOp } from './db'
import { microsOf } from './notification-overlay'

/**
 * A line of a statement as screens show it: the server's, or a posting queued on this device that
 * the server has not confirmed (`pending`), or one it refused (`refused`: shown, never counted).
 */
export type StatementLine = AccountEntryRow & { pending?: AccountOp['state'] }

/** The server's lines in the order they were posted: the database gives each customer's lines strictly increasing times. */
export function inPostingOrder(rows: readonly AccountEntryRow[]): AccountEntryRow[] {
  return rows
    .map((row) => ({ row, at: microsOf(row.created_at) }))
    .sort((a, b) => a.at - b.at)
    .map(({ row }) => row)
}

/** What a queued posting adds to what the customer owes: payments and credits take off, a refund adds, an adjustment is signed. */
export function amountOf(op: AccountOp): number {
  return op.kind === 'record-payment' || op.kind === 'grant-credit' ? -op.amountCents : op.amountCents
}

/**
 * A customer's statement on this device: the server's lines in posting order, then the postings
 * still queued here, each carrying the balance it would leave (those the server refused carry the
 * balance before them: they did not happen).
 */
export function statementLines(rows: readonly AccountEntryRow[], ops: readonly AccountOp[]): StatementLine[] {
  const lines: StatementLine[] = inPostingOrder(rows)
  let balance = lines.at(-1)?.balance_after_cents ?? 0
  for (const op of [...ops].sort((a, b) => a.seq! - b.seq!)) {
    if (op.state === 'pending') balance += amountOf(op)
    lines.push({
      id: op.opId,
      user_id: op.customerId,
      kind: op.kind === 'record-payment' ? 'payment' : op.kind === 'grant-credit' ? 'credit' : op.kind === 'post-adjustment' ? 'adjustment' : 'refund',
      amount_cents: amountOf(op),
      balance_after_cents: balance,
      currency: 'USD',
      shipment_id: null,
      package_id: null,
      storage_day: null,
      method: op.kind === 'record-payment' ? op.method : null,
      reference: op.kind === 'record-payment' ? op.reference || null : null,
      reason: 'reason' in op ? op.reason : null,
      refers_to: op.kind === 'refund-payment' ? op.paymentId : null,
      receipt_number: null,
      posted_by: op.userId,
      created_at: op.createdAt,
      pending: op.state,
    })
  }
  return lines
}

/** What the customer owes after every line that happened (negative: a credit). */
export function balanceOf(lines: readonly StatementLine[]): number {
  return lines.findLast((line) => line.pending !== 'failed' && line.pending !== 'conflict')?.balance_after_cents ?? 0
}

/**
 * What is still unpaid of each line that added to the debt, by line id: payments, credits and a
 * credit held before pay the oldest first (as the database's receivables count them). Lines that
 * did not happen (refused) count for nothing.
 */
export function unpaidByLine(lines: readonly StatementLine[]): Map<string, number> {
  const unpaid = new Map<string, number>()
  let credit = 0
  for (const line of lines) {
    if (line.pending === 'failed' || line.pending === 'conflict') continue
    if (line.amount_cents > 0) {
      const covered = Math.min(credit, line.amount_cents)
      credit -= covered
      if (covered < line.amount_cents) unpaid.set(line.id, line.amount_cents - covered)
      continue
    }
    let left = -line.amount_cents
    for (const [id, owed] of unpaid) {
      if (left === 0) break
      const paid = Math.min(owed, left)
      left -= paid
      if (paid === owed) unpaid.delete(id)
      else unpaid.set(id, owed - paid)
    }
    credit += left
  }
  return unpaid
}
