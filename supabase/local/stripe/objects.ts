// What the stand-in's Stripe remembers (in memory: a restart forgets it, as test mode forgives),
// in the JSON shapes of Stripe's API objects: Checkout Sessions, and for each paid one its payment
// intent, its charge and the charge's refunds.
import { randomBytes } from 'node:crypto'

export interface CheckoutSession {
  id: string
  object: 'checkout.session'
  amount_subtotal: number
  amount_total: number
  currency: string
  client_reference_id: string | null
  customer_email: string | null
  created: number
  expires_at: number
  livemode: false
  locale: string | null
  metadata: Record<string, string>
  mode: 'payment'
  payment_intent: string | null
  payment_status: 'unpaid' | 'paid'
  status: 'open' | 'complete'
  success_url: string
  cancel_url: string | null
  url: string | null
  /** Not Stripe's: the line's name, for the test page. */
  line_name: string
}

export interface Charge {
  id: string
  object: 'charge'
  amount: number
  amount_refunded: number
  currency: string
  payment_intent: string
  refunded: boolean
  created: number
  livemode: false
  metadata: Record<string, string>
  status: 'succeeded'
}

export interface Refund {
  id: string
  object: 'refund'
  amount: number
  charge: string
  currency: string
  payment_intent: string
  metadata: Record<string, string>
  reason: string | null
  status: 'succeeded'
  created: number
}

export const now = () => Math.floor(Date.now() / 1000)

/** An id as Stripe makes them: a prefix and 24 random characters. */
export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, '0')}`
}

export class StripeObjects {
  readonly sessions = new Map<string, CheckoutSession>()
  readonly charges = new Map<string, Charge>()
  readonly refunds = new Map<string, Refund>()
  /** payment intent → its charge */
  readonly chargeOfIntent = new Map<string, string>()

  /** Pays an open session by card: its payment intent and charge come to be. */
  pay(session: CheckoutSession): Charge {
    const paymentIntent = stripeId('pi')
    const charge: Charge = {
      id: stripeId('ch'),
      object: 'charge',
      amount: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      payment_intent: paymentIntent,
      refunded: false,
      created: now(),
      livemode: false,
      metadata: session.metadata,
      status: 'succeeded',
    }
    this.charges.set(charge.id, charge)
    this.chargeOfIntent.set(paymentIntent, charge.id)
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent, url: null })
    return charge
  }

  refundsOf(chargeId: string): Refund[] {
    return [...this.refunds.values()].filter((refund) => refund.charge === chargeId).sort((a, b) => b.created - a.created)
  }
}
