// refund-payment: an admin gives back (part of) a card payment. POST { payment_id, amount_cents,
// reason, op_id? } with the admin's session → Stripe's refund API (the reason in its metadata) →
// post_card_refund at once → the refund's ledger line. Stripe's charge.refunded webhook then finds
// the line posted. Desk payments are refunded by the database's refund_payment instead. A refund is
// a manager's sensitive action: the session must be at aal2 (require_aal2, answered aal2_required).
import { postCardRefund } from '../_shared/card-ledger.ts'
import { ConfigError, type Env } from '../_shared/env.ts'
import { bearerToken, CORS_HEADERS, json, jsonObject, postOnly, refusal } from '../_shared/http.ts'
import { isStripeError, stripeClient } from '../_shared/stripe-client.ts'
import { DatabaseFailure, DatabaseRefusal, readSupabaseApi, rpc, select, signedInUser, type SupabaseApi } from '../_shared/supabase-api.ts'

/** As the ledger's money_reason_input: what the customer reads, 1 to 500 characters. */
const MAX_REASON_CHARS = 500
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface CardPayment {
  id: string
  kind: string
  method: string | null
  reference: string | null
  amount_cents: number
}

export function refundPaymentHandler(env: Env, log: (line: string) => void = (line) => console.error(line)): (request: Request) => Promise<Response> {
  return async (request) => {
    const notPost = postOnly(request)
    if (notPost) return notPost
    try {
      return await refundPayment(request, env)
    } catch (error) {
      if (error instanceof ConfigError) {
        log(`[refund-payment] ${error.message}`)
        return refusal(500, 'payments_not_configured', 'Card refunds are not configured')
      }
      if (error instanceof DatabaseRefusal) return refusal(error.status, error.key, error.message, error.detail)
      if (isStripeError(error) && error.type === 'StripeInvalidRequestError') return refusal(400, 'stripe_refused', error.message, { code: error.code ?? null })
      if (error instanceof DatabaseFailure || isStripeError(error)) {
        log(`[refund-payment] ${error.message}`)
        return refusal(502, 'payments_unavailable', 'The payment service did not answer; try again')
      }
      throw error
    }
  }
}

async function refundPayment(request: Request, env: Env): Promise<Response> {
  const api = readSupabaseApi(env)
  const token = bearerToken(request)
  if (!(await signedInUser(api, token))) return refusal(401, 'not_signed_in', 'Sign in to refund')
  if ((await rpc(api, 'is_admin', {}, token)) !== true) return refusal(403, 'admins_only', 'Only an admin refunds a payment')
  // Before Stripe moves any money: the ledger's own check comes only after the refund is made.
  await rpc(api, 'require_aal2', {}, token)

  const body = (await jsonObject(request)) ?? {}
  const { payment_id: paymentId, amount_cents: amount, op_id: opId } = body
  const reason = typeof body.reason === 'string' ? body.reason.trim() : ''
  if (typeof paymentId !== 'string' || !UUID.test(paymentId)) return refusal(400, 'payment_not_found', 'payment_id must be a payment’s id')
  if (opId !== undefined && (typeof opId !== 'string' || !UUID.test(opId))) return refusal(400, 'bad_request', 'op_id must be a uuid')
  if (reason.length < 1 || [...reason].length > MAX_REASON_CHARS) return refusal(400, 'money_reason_length', `The reason must be 1 to ${MAX_REASON_CHARS} characters`, { max: MAX_REASON_CHARS })

  const payment = await cardPayment(api, paymentId, token)
  if (!payment) return refusal(404, 'payment_not_found', 'No such payment')
  if (payment.method !== 'card' || !payment.reference) return refusal(400, 'refund_at_desk', 'A desk payment is refunded with refund_payment')
  const left = -payment.amount_cents - (await refundedCents(api, paymentId, token))
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1) return refusal(400, 'money_amount_range', 'The amount must be whole cents above 0', { max_cents: left, signed: false })
  if (amount > left) return refusal(400, 'refund_exceeds_payment', `At most ${left} cents of this payment are left to refund`, { max_cents: left })

  const refund = await stripeClient(env).refunds.create(
    { payment_intent: payment.reference, amount, metadata: { reason, payment_id: paymentId } },
    // The same op sent twice (a retry after a lost answer) is one refund at Stripe.
    typeof opId === 'string' ? { idempotencyKey: `refund-payment:${opId}` } : undefined,
  )
  return json(200, await postCardRefund(api, refund, reason), CORS_HEADERS)
}

/** The payment, as the admin's session reads it (RLS: admins read every line). */
async function cardPayment(api: SupabaseApi, id: string, token: string): Promise<CardPayment | undefined> {
  const rows = (await select(api, `/rest/v1/account_entries?select=id,kind,method,reference,amount_cents&kind=eq.payment&id=eq.${id}`, token)) as CardPayment[]
  return rows[0]
}

async function refundedCents(api: SupabaseApi, paymentId: string, token: string): Promise<number> {
  const rows = (await select(api, `/rest/v1/account_entries?select=amount_cents&kind=eq.refund&refers_to=eq.${paymentId}`, token)) as { amount_cents: number | string }[]
  return rows.reduce((sum, row) => sum + Number(row.amount_cents), 0)
}
