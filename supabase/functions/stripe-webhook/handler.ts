// stripe-webhook: Stripe's word that money moved. No JWT (verify_jwt = false in config.toml): the
// Stripe-Signature header, checked with STRIPE_WEBHOOK_SECRET, is its authority. A paid Checkout
// Session posts the customer's payment; a refunded charge posts each of its refunds. Stripe repeats
// an event until it gets a 2xx, so repeats answer 2xx and post nothing more; a bad or stale
// signature is a 400 and posts nothing; a 5xx, so that Stripe tries again, when the database (or
// Stripe's API) failed or refused what a later event mends.
import type Stripe from 'stripe'
import { postCardPayment, postCardRefund, sessionCustomer } from '../_shared/card-ledger.ts'
import { ConfigError, required, type Env } from '../_shared/env.ts'
import { json } from '../_shared/http.ts'
import { isStripeError, stripeClient, verifiedEvent } from '../_shared/stripe-client.ts'
import { DatabaseFailure, DatabaseRefusal, readSupabaseApi, type SupabaseApi } from '../_shared/supabase-api.ts'

/** The database's refusals that a later event mends, so a retry must come: Stripe does not order its
 * events, and a refund's charge.refunded may come before its payment's checkout.session.completed. */
const MENDED_LATER = new Set(['payment_not_found'])

/** The ledger lines the event stands for (already there on a repeat), or why it stands for none. */
type Outcome = { entries: string[] } | { ignored: string }

export function stripeWebhookHandler(env: Env, log: (line: string) => void = (line) => console.error(line)): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'POST only' }, { Allow: 'POST' })
    let secret: string
    let api: SupabaseApi
    try {
      secret = required(env, 'STRIPE_WEBHOOK_SECRET')
      api = readSupabaseApi(env)
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      log(`[stripe-webhook] ${error.message}`)
      return json(500, { error: 'payments_not_configured', message: 'The webhook is not configured' })
    }
    const signature = request.headers.get('stripe-signature')
    if (!signature) return json(400, { error: 'signature_missing', message: 'No Stripe-Signature header' })
    const payload = await request.text()
    let event: Stripe.Event
    try {
      event = await verifiedEvent(payload, signature, secret)
    } catch (error) {
      return json(400, { error: 'signature_invalid', message: error instanceof Error ? error.message : 'Bad signature' })
    }
    try {
      return json(200, await handleEvent(event, api, env))
    } catch (error) {
      if (error instanceof DatabaseRefusal) {
        log(`[stripe-webhook] ${event.type} ${event.id}: refused (${error.key}): ${error.message}`)
        if (MENDED_LATER.has(error.key)) return json(503, { error: 'try_again', refused: error.key, message: 'Not recordable yet; send it again' })
        // Trying again cannot change the answer: say so to Stripe's dashboard and to the logs.
        return json(200, { ignored: error.key })
      }
      if (error instanceof DatabaseFailure || isStripeError(error)) {
        log(`[stripe-webhook] ${event.type} ${event.id}: ${error.message}`)
        return json(503, { error: 'try_again', message: 'The payment could not be recorded yet' })
      }
      throw error
    }
  }
}

async function handleEvent(event: Stripe.Event, api: SupabaseApi, env: Env): Promise<Outcome> {
  switch (event.type) {
    case 'checkout.session.completed':
      // Paid by card at once; a bank debit completes 'unpaid' and is paid by a later event.
      if (event.data.object.payment_status !== 'paid') return { ignored: 'unpaid' }
      return payment(event.data.object, api)
    case 'checkout.session.async_payment_succeeded':
      return payment(event.data.object, api)
    case 'charge.refunded':
      return refunds(event.data.object, api, env)
    default:
      return { ignored: event.type }
  }
}

async function payment(session: Stripe.Checkout.Session, api: SupabaseApi): Promise<Outcome> {
  const userId = sessionCustomer(session)
  if (!userId || session.amount_total === null) return { ignored: 'not_an_account_payment' }
  return { entries: [(await postCardPayment(api, session, userId)).id] }
}

/** Every refund of the charge, as Stripe lists them now: each posts once, whoever asked for it. */
async function refunds(charge: Stripe.Charge, api: SupabaseApi, env: Env): Promise<Outcome> {
  const entries: string[] = []
  for await (const refund of stripeClient(env).refunds.list({ charge: charge.id, limit: 100 })) {
    if (refund.status !== 'succeeded' && refund.status !== 'pending') continue
    entries.push((await postCardRefund(api, refund, undefined)).id)
  }
  return { entries }
}
