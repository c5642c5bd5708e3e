import type { AccountEntryRow } from '@/local-db/account-rows'
import type { AccountOp } from '@/local-db/db'
import type { Supabase } from '@/remote/create-client'
import { failure, type Answer } from './answers'

/** An admin's posting on a customer's account, by its function; the op id is its key, so a replay returns the line first posted. */
export async function sendAccountOp(client: Supabase, op: AccountOp, signal: AbortSignal): Promise<Answer> {
  const call =
    op.kind === 'record-payment'
      ? client.rpc('record_payment', { p_op_id: op.opId, p_user_id: op.customerId, p_amount_cents: op.amountCents, p_method: op.method, p_reference: op.reference })
      : op.kind === 'refund-payment'
        ? client.rpc('refund_payment', { p_op_id: op.opId, p_payment_id: op.paymentId, p_amount_cents: op.amountCents, p_reason: op.reason })
        : client.rpc(op.kind === 'grant-credit' ? 'grant_credit' : 'post_adjustment', { p_op_id: op.opId, p_user_id: op.customerId, p_amount_cents: op.amountCents, p_reason: op.reason })
  const { data, error, status } = await call.abortSignal(signal)
  return error ? failure(status, error) : { op, outcome: 'posted', row: data as AccountEntryRow }
}
