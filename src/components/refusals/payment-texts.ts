import { msg } from '@lingui/core/macro'
import { usd, type Say } from './say'

/** Refusals of the card payment Edge Functions (create-checkout, refund-payment), by the `error` key they answer with. */
export const paymentTexts: Record<string, Say> = {
  checkout_amount_range: (i18n, detail) => {
    const [min, max] = [usd(detail, 'min_cents'), usd(detail, 'max_cents')]
    return i18n._(msg`A card payment must be from ${min} to ${max}.`)
  },
  nothing_owed: (i18n) => i18n._(msg`You owe nothing now. To pay ahead, choose an amount.`),
  payments_not_configured: (i18n) => i18n._(msg`Card payments are not set up yet. Pay at the desk, or try again later.`),
  payments_unavailable: (i18n) => i18n._(msg`The card payment service did not answer. Try again in a moment.`),
  refund_at_desk: (i18n) => i18n._(msg`This payment was made at the desk: refund it as a desk payment, not through Stripe.`),
  stripe_refused: (i18n) => i18n._(msg`Stripe did not take this refund: look at the payment in Stripe's dashboard.`),
  // The functions gateway's 401 (a JWT missing, expired or not the project's), keyed by remote/function-refusal.ts.
  gateway_unauthorized: (i18n) => i18n._(msg`Your session is no longer valid: log in again, then try again.`),
}
