// The few Stripe API calls the Edge Functions make, answered as Stripe answers them: Checkout
// Sessions (create, retrieve) and refunds (create, list by charge), behind the secret key, with
// Stripe's error format and its Idempotency-Key replay.
import { json, type HttpRequest, type HttpResponse } from '../http'
import { field, parseStripeForm, texts, type FormObject } from './form'
import { now, stripeId, type Charge, type CheckoutSession, type Refund, type StripeObjects } from './objects'

export interface StripeApiOptions {
  objects: StripeObjects
  secretKey: string
  /** The test checkout page's URL for a session id. */
  pageUrl(sessionId: string): string
  /** Stripe's charge.refunded event, sent after the refund is answered. */
  refunded(charge: Charge): void
}

/** Stripe's least charge in USD. */
const MIN_AMOUNT_CENTS = 50
const SESSION_LIFETIME_S = 24 * 3600

export function stripeApiHandler(options: StripeApiOptions): (request: HttpRequest) => Promise<HttpResponse> {
  const replies = new Map<string, HttpResponse>()
  return async (request) => {
    const key = bearer(request.header('authorization'))
    if (!key) return stripeError(401, 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.')
    if (key !== options.secretKey) return stripeError(401, `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`)
    const idempotencyKey = request.method === 'POST' ? request.header('idempotency-key') : undefined
    const replay = idempotencyKey && replies.get(idempotencyKey)
    if (replay) return replay
    const reply = await route(request, options)
    if (idempotencyKey && reply.status < 500) replies.set(idempotencyKey, reply)
    return reply
  }
}

async function route(request: HttpRequest, options: StripeApiOptions): Promise<HttpResponse> {
  const { pathname, searchParams } = request.url
  const sessionId = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(pathname)?.[1]
  if (request.method === 'POST' && pathname === '/v1/checkout/sessions') return createSession(parseStripeForm(await request.text()), options)
  if (request.method === 'GET' && sessionId) {
    const session = options.objects.sessions.get(sessionId)
    return session ? json(200, session) : missing('checkout.session', sessionId, 'session')
  }
  if (request.method === 'POST' && pathname === '/v1/refunds') return createRefund(parseStripeForm(await request.text()), options)
  if (request.method === 'GET' && pathname === '/v1/refunds') return listRefunds(searchParams, options)
  return stripeError(404, `Unrecognized request URL (${request.method}: ${pathname}). The stand-in's Stripe answers only the calls the Edge Functions make.`)
}

function createSession(form: FormObject, { objects, pageUrl }: StripeApiOptions): HttpResponse {
  if (field(form, 'mode') !== 'payment') return invalid('mode', 'The stand-in’s Stripe makes payment sessions only: mode must be `payment`.')
  const successUrl = field(form, 'success_url')
  if (!successUrl) return invalid('success_url', 'Missing required param: success_url.', 'parameter_missing')
  const unitAmount = Number(field(form, 'line_items', '0', 'price_data', 'unit_amount'))
  const quantity = Number(field(form, 'line_items', '0', 'quantity') ?? 1)
  const currency = field(form, 'line_items', '0', 'price_data', 'currency')
  if (!currency) return invalid('line_items[0][price_data][currency]', 'Missing required param: line_items[0][price_data][currency].', 'parameter_missing')
  if (!Number.isSafeInteger(unitAmount) || !Number.isSafeInteger(quantity) || quantity < 1) return invalid('line_items[0][price_data][unit_amount]', 'Invalid integer.')
  const total = unitAmount * quantity
  if (total < MIN_AMOUNT_CENTS) return invalid('line_items[0][price_data][unit_amount]', `The Checkout Session's total amount due must add up to at least $0.50 usd`, 'amount_too_small')
  const id = stripeId('cs_test')
  const created = now()
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    amount_subtotal: total,
    amount_total: total,
    currency,
    client_reference_id: field(form, 'client_reference_id') ?? null,
    customer_email: field(form, 'customer_email') ?? null,
    created,
    expires_at: created + SESSION_LIFETIME_S,
    livemode: false,
    locale: field(form, 'locale') ?? null,
    metadata: texts(form, 'metadata'),
    mode: 'payment',
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: successUrl,
    cancel_url: field(form, 'cancel_url') ?? null,
    url: pageUrl(id),
    line_name: field(form, 'line_items', '0', 'price_data', 'product_data', 'name') ?? '',
  }
  objects.sessions.set(id, session)
  return json(200, session)
}

function createRefund(form: FormObject, { objects, refunded }: StripeApiOptions): HttpResponse {
  const intent = field(form, 'payment_intent')
  const chargeId = field(form, 'charge') ?? (intent && objects.chargeOfIntent.get(intent))
  const charge = chargeId ? objects.charges.get(chargeId) : undefined
  if (!charge) return intent ? missing('payment_intent', intent, 'payment_intent') : invalid('charge', 'Must provide either `charge` or `payment_intent`.', 'parameter_missing')
  const left = charge.amount - charge.amount_refunded
  if (left === 0) return invalid('charge', `Charge ${charge.id} has already been refunded.`, 'charge_already_refunded')
  const amount = field(form, 'amount') === undefined ? left : Number(field(form, 'amount'))
  if (!Number.isSafeInteger(amount) || amount < 1) return invalid('amount', 'Invalid positive integer')
  if (amount > left) return invalid('amount', `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, 'amount_too_large')
  const refund: Refund = {
    id: stripeId('re'),
    object: 'refund',
    amount,
    charge: charge.id,
    currency: charge.currency,
    payment_intent: charge.payment_intent,
    metadata: texts(form, 'metadata'),
    reason: field(form, 'reason') ?? null,
    status: 'succeeded',
    created: now(),
  }
  objects.refunds.set(refund.id, refund)
  charge.amount_refunded += amount
  charge.refunded = charge.amount_refunded === charge.amount
  refunded(charge)
  return json(200, refund)
}

function listRefunds(query: URLSearchParams, { objects }: StripeApiOptions): HttpResponse {
  const intent = query.get('payment_intent')
  const charge = query.get('charge') ?? (intent ? (objects.chargeOfIntent.get(intent) ?? '') : null)
  const all = charge !== null ? objects.refundsOf(charge) : [...objects.refunds.values()].sort((a, b) => b.created - a.created)
  const after = query.get('starting_after')
  const from = after ? all.findIndex((refund) => refund.id === after) + 1 : 0
  const limit = Math.min(Math.max(Number(query.get('limit') ?? 10) || 10, 1), 100)
  const data = all.slice(from, from + limit)
  return json(200, { object: 'list', data, has_more: from + limit < all.length, url: '/v1/refunds' })
}

function bearer(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1]
}

function stripeError(status: number, message: string, extra: Record<string, string> = {}): HttpResponse {
  return json(status, { error: { type: 'invalid_request_error', message, ...extra } })
}

function invalid(param: string, message: string, code?: string): HttpResponse {
  return stripeError(400, message, { param, ...(code && { code }) })
}

function missing(kind: string, id: string, param: string): HttpResponse {
  return stripeError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param })
}
