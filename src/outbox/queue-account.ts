import type { AccountOp, GrantCreditOp, PostAdjustmentOp, RecordPaymentOp, RefundPaymentOp } from '@/local-db/db'
import { addOps, newOpFields } from './queue'

// An admin's postings on a customer's account: saved on the device at once (the statement shows
// them pending), sent by the outbox, posted once by the server whatever the replays.

/** What each posting carries besides the customer and the amount. */
type Posting = Pick<RecordPaymentOp, 'kind' | 'method' | 'reference'> | Pick<GrantCreditOp | PostAdjustmentOp, 'kind' | 'reason'> | Pick<RefundPaymentOp, 'kind' | 'paymentId' | 'reason'>

/** Queues a posting by `adminId` on `customerId`'s account; returns its op id (the line's id until the server posts it). */
export async function queueAccountPosting(adminId: string, customerId: string, amountCents: number, posting: Posting): Promise<string> {
  const op = { ...newOpFields(adminId), customerId, amountCents, ...posting } as AccountOp
  await addOps(adminId, [op])
  return op.opId
}

