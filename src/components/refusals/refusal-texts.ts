import { accountTexts } from './account-texts'
import { adminTexts } from './admin-texts'
import { commonTexts } from './common-texts'
import { contactTexts } from './contact-texts'
import { contentTexts } from './content-texts'
import { fileTexts } from './file-texts'
import { moneyTexts } from './money-texts'
import { packageTexts } from './package-texts'
import { paymentTexts } from './payment-texts'
import { prealertTexts } from './prealert-texts'
import type { Say } from './say'
import { shipmentTexts } from './shipment-texts'

/**
 * Every key the database raises a refusal with (its HINT, see
 * supabase/migrations/20261203100000_refusal_keys), and every `error` key an Edge Function answers
 * with, to its text in the reader's language. tests/db/refusal-keys.test.ts fails when a live
 * function raises a key that is not here, tests/backend/stripe-payments.test.ts when a card
 * payment function answers one.
 */
export const refusalTexts: Readonly<Record<string, Say>> = {
  ...commonTexts,
  ...packageTexts,
  ...shipmentTexts,
  ...fileTexts,
  ...prealertTexts,
  ...adminTexts,
  ...contentTexts,
  ...moneyTexts,
  ...paymentTexts,
  ...accountTexts,
  ...contactTexts,
}
