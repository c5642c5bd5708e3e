import type { AccountEntryRow } from './account-rows'
import type { AccountOp } from './db'
import { microsOf } from './notification-overlay'

/**
 * A line of a statement as screens show it: the server's, or a posting queued on this device that
 * the server has not confirmed (`pending`), or one it refused (`refused`: shown, never counted).
 */
export type StatementLine = AccountEntryRow & { pending?: AccountOp['state'] }

/**
 * The server's lines in the order they were posted. Lines posted in one transaction (a day's
 * storage fees caught up at once) share their time: among those, each follows the line whose
 * balance it starts from.
 */
export function inPostingOrder(rows: readonly AccountEntryRow[]): AccountEntryRow[] {
  const sorted = rows.map((row) => ({ row, at: microsOf(row.created_at) })).sort((a, b) => a.at - b.at)
  const ordered: AccountEntryRow[] = []
  for (let start = 0; start < sorted.length; ) {
    let end = start + 1
    while (end < sorted.length && sorted[end]!.at === sorted[start]!.at) end++
    const tied = sorted.slice(start, end).map(({ row }) => row)
    while (tied.length > 0) {
      const before = ordered.at(-1)?.balance_after_cents ?? tied[0]!.balance_after_cents - tied[0]!.amount_cents
      const next = Math.max(0, tied.findIndex((row) => row.balance_after_cents - row.amount_cents === before))
      ordered.push(...tied.splice(next, 1))
    }
    start = end
  }
  return ordered
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
