import type { Lang } from '@/i18n/locales'
import { getSupabase } from './client'

/**
 * Asks the `create-checkout` Edge Function for a Stripe Checkout Session for the signed-in customer:
 * what they owe, or `amountCents` when given. Returns the hosted page's URL, where the customer pays
 * (no Stripe code on our pages); it returns to the statement.
 */
export async function startCheckout(lang: Lang, amountCents?: number): Promise<string> {
  const client = await getSupabase()
  const { data, error } = await client.functions.invoke<{ url: string }>('create-checkout', { body: { amount_cents: amountCents, lang } })
  if (error || !data?.url) throw new Error(error?.message ?? 'create-checkout returned no url')
  return data.url
}

/**
 * An admin refunds a card payment (all of it or part) through the `refund-payment` Edge Function:
 * Stripe's refund, posted on the account at once. Online only.
 */
export async function refundCardPayment(paymentId: string, amountCents: number, reason: string): Promise<void> {
  const client = await getSupabase()
  const { error } = await client.functions.invoke('refund-payment', { body: { payment_id: paymentId, amount_cents: amountCents, reason } })
  if (error) throw new Error(error.message)
}
