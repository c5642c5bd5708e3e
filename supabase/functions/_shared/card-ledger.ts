// The ledger's two postings that only Stripe's word allows (service role): a paid Checkout Session
// and a refund. Each is keyed by Stripe's own id, so however often Stripe (or the admin's device)
// repeats itself, the line is posted once and the repeat answers the line already there.
import type Stripe from 'stripe'
import { rpc, type SupabaseApi } from './supabase-api.ts'

/** A ledger line as the database's functions answer it. */
export type LedgerEntry = Record<string, unknown> & { id: string }

/** The customer a session pays for: client_reference_id as create-checkout set it (metadata as a fallback). */
export function sessionCustomer(session: Stripe.Checkout.Session): string | undefined {
  return session.client_reference_id || session.metadata?.user_id || undefined
}

export async function postCardPayment(api: SupabaseApi, session: Stripe.Checkout.Session, userId: string): Promise<LedgerEntry> {
  return (await rpc(api, 'post_card_payment', {
    p_key: `checkout:${session.id}`,
    p_user_id: userId,
    p_amount_cents: session.amount_total,
    p_reference: idOf(session.payment_intent),
  })) as LedgerEntry
}

export async function postCardRefund(api: SupabaseApi, refund: Stripe.Refund, reason: string | undefined): Promise<LedgerEntry> {
  return (await rpc(api, 'post_card_refund', {
    p_refund_id: refund.id,
    p_payment_intent: idOf(refund.payment_intent),
    p_amount_cents: refund.amount,
    p_reason: reason || refund.metadata?.reason || null,
  })) as LedgerEntry
}

/** An expandable field's id, whether Stripe sent the id or the object. */
export function idOf(field: string | { id: string } | null | undefined): string | null {
  return typeof field === 'string' ? field : (field?.id ?? null)
}
