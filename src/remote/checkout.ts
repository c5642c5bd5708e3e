import type { Lang } from '@/i18n/locales'
import { getSupabase } from './client'
import { functionRefusal } from './function-refusal'

async function invoke<Answer>(name: string, body: Record<string, unknown>): Promise<Answer> {
  const client = await getSupabase()
  const { data, error } = await client.functions.invoke<Answer>(name, { body })
  if (error) throw await functionRefusal(error)
  return data as Answer
}

/**
 * Asks the `create-checkout` Edge Function for a Stripe Checkout Session for the signed-in customer:
 * what they owe, or `amountCents` when given. Returns the hosted page's URL, where the customer pays
 * (no Stripe code on our pages); it returns to the statement.
 */
export async function startCheckout(lang: Lang, amountCents?: number): Promise<string> {
  const { url } = await invoke<{ url: string }>('create-checkout', { amount_cents: amountCents, lang })
  return url
}

/**
 * An admin refunds a card payment (all of it or part) through the `refund-payment` Edge Function:
 * Stripe's refund, posted on the account at once. Online only.
 */
export async function refundCardPayment(paymentId: string, amountCents: number, reason: string): Promise<void> {
  await invoke('refund-payment', { payment_id: paymentId, amount_cents: amountCents, reason })
}
