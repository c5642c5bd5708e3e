import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'

// Nothing ships while its customer owes (advance_shipment refuses account_owes): tests that ship pay
// first, as Stripe Checkout's webhook would (post_card_payment), whatever the customer owes then.

/** SQL paying what the customer $1 owes, as the database owner or the service role; nothing when they owe nothing. */
export const payOwedSql = `select public.post_card_payment('checkout:cs_test_' || gen_random_uuid(), b.user_id, b.balance_cents, 'pi_test_' || gen_random_uuid())
  from public.account_balances b where b.user_id = $1 and b.balance_cents > 0`

/** Pays what the customer owes through the API, with a service-role client. */
export async function payOwed(service: SupabaseClient, userId: string): Promise<void> {
  const { data, error } = await service.from('account_balances').select('balance_cents').eq('user_id', userId).maybeSingle<{ balance_cents: number }>()
  if (error) throw new Error(error.message)
  if (!data || data.balance_cents <= 0) return
  const paid = await service.rpc('post_card_payment', { p_key: `checkout:cs_test_${randomUUID()}`, p_user_id: userId, p_amount_cents: data.balance_cents, p_reference: `pi_test_${randomUUID()}` })
  if (paid.error) throw new Error(paid.error.message)
}
