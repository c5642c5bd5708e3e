// create-checkout: the signed-in customer pays their account by card on Stripe's hosted page.
// POST { amount_cents?, lang } → a Checkout Session for what they owe (or the amount they chose,
// $1 or more) → { url, id }. The customer's id rides as client_reference_id; stripe-webhook posts
// the payment when Stripe says it is paid.
import { appOrigin } from '../_shared/app-origin.ts'
import { ConfigError, type Env } from '../_shared/env.ts'
import { bearerToken, CORS_HEADERS, json, jsonObject, postOnly, refusal } from '../_shared/http.ts'
import { stripeClient, isStripeError } from '../_shared/stripe-client.ts'
import { DatabaseFailure, readSupabaseApi, select, signedInUser } from '../_shared/supabase-api.ts'

/** Stripe's least charge in USD is 50 cents; the business asks for a dollar. */
export const MIN_PAYMENT_CENTS = 100
/** The ledger's most for one line (money_amount_input): a payment it could not post is never charged. */
export const MAX_PAYMENT_CENTS = 10_000_000

const LINE_NAME = { es: 'Pago a la cuenta de Casillero Miami', en: 'Casillero Miami account payment' } as const
type Lang = keyof typeof LINE_NAME

export function createCheckoutHandler(env: Env, log: (line: string) => void = (line) => console.error(line)): (request: Request) => Promise<Response> {
  return async (request) => {
    const notPost = postOnly(request)
    if (notPost) return notPost
    try {
      return await createCheckout(request, env)
    } catch (error) {
      if (error instanceof ConfigError) {
        log(`[create-checkout] ${error.message}`)
        return refusal(500, 'payments_not_configured', 'Card payments are not configured')
      }
      if (error instanceof DatabaseFailure || isStripeError(error)) {
        log(`[create-checkout] ${error.message}`)
        return refusal(502, 'payments_unavailable', 'The payment service did not answer; try again')
      }
      throw error
    }
  }
}

async function createCheckout(request: Request, env: Env): Promise<Response> {
  const api = readSupabaseApi(env)
  const token = bearerToken(request)
  const user = await signedInUser(api, token)
  if (!user) return refusal(401, 'not_signed_in', 'Sign in to pay')
  const body = (await jsonObject(request)) ?? {}
  const lang: Lang = body.lang === 'en' ? 'en' : 'es'

  let amount: number
  if (body.amount_cents === undefined || body.amount_cents === null) {
    amount = await owedCents(api, user.id, token)
    if (amount <= 0) return refusal(400, 'nothing_owed', 'Nothing is owed; give an amount to pay ahead')
  } else amount = body.amount_cents as number
  if (!Number.isSafeInteger(amount) || amount < MIN_PAYMENT_CENTS || amount > MAX_PAYMENT_CENTS) {
    return refusal(400, 'checkout_amount_range', `The amount must be whole cents from ${MIN_PAYMENT_CENTS} to ${MAX_PAYMENT_CENTS}`, { min_cents: MIN_PAYMENT_CENTS, max_cents: MAX_PAYMENT_CENTS })
  }

  const statement = `${appOrigin(request, env)}/${lang}/dashboard/account/statement`
  const session = await stripeClient(env).checkout.sessions.create({
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: amount, product_data: { name: LINE_NAME[lang] } } }],
    client_reference_id: user.id,
    metadata: { user_id: user.id },
    payment_intent_data: { metadata: { user_id: user.id } },
    ...(user.email && { customer_email: user.email }),
    locale: lang,
    success_url: `${statement}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${statement}?checkout=cancelled`,
  })
  if (!session.url) throw new Error(`Stripe gave session ${session.id} no URL`)
  return json(200, { url: session.url, id: session.id }, CORS_HEADERS)
}

/** What the customer owes now (their balance row; none yet: nothing). */
async function owedCents(api: ReturnType<typeof readSupabaseApi>, userId: string, token: string): Promise<number> {
  const rows = (await select(api, `/rest/v1/account_balances?select=balance_cents&user_id=eq.${userId}`, token)) as { balance_cents: number | string }[]
  return Number(rows[0]?.balance_cents ?? 0)
}
