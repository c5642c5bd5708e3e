import { msg } from '@lingui/core/macro'
import { text, usd, type Say } from './say'

/** Refusals of the account: the approval of a charge, shipping while owing, payments, credits, adjustments and refunds. */
export const moneyTexts: Record<string, Say> = {
  charge_changed: (i18n, detail) => {
    const charge = usd(detail, 'final_cents')
    return charge
      ? i18n._(msg`The final charge of this shipment changed to ${charge}: look at the new charge before you approve it.`)
      : i18n._(msg`The final charge of this shipment changed: the box is being weighed again. Look at the new charge when it is ready.`)
  },
  account_owes: (i18n, detail) => {
    const owed = usd(detail, 'owed_cents')
    return i18n._(msg`This shipment cannot ship yet: its customer owes ${owed}.`)
  },
  ledger_append_only: (i18n) => i18n._(msg`An account's lines are never changed nor deleted: post a correction instead.`),
  money_amount_range: (i18n, detail) => {
    const max = usd(detail, 'max_cents')
    return detail.signed === true
      ? i18n._(msg`The amount must not be zero and at most ${max} either way.`)
      : i18n._(msg`The amount must be more than zero and at most ${max}.`)
  },
  money_reason_length: (i18n, detail) => {
    const max = text(detail, 'max')
    return i18n._(msg`Write the reason the customer will read, up to ${max} characters.`)
  },
  payment_reference_length: (i18n, detail) => {
    const max = text(detail, 'max')
    return i18n._(msg`The reference can be at most ${max} characters.`)
  },
  account_customer_not_found: (i18n) => i18n._(msg`This customer no longer exists.`),
  payment_not_found: (i18n) => i18n._(msg`This payment was not found.`),
  refund_through_stripe: (i18n) => i18n._(msg`A card payment is refunded through Stripe, not recorded here.`),
  refund_exceeds_payment: (i18n, detail) => {
    const left = usd(detail, 'max_cents')
    return i18n._(msg`At most ${left} of this payment is left to refund.`)
  },
}
