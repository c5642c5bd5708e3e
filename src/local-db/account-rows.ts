/** The customer's account as the database keeps it (supabase/migrations/20261205100000_money.sql). */

export const entryKinds = ['shipment_charge', 'storage_fee', 'payment', 'refund', 'credit', 'adjustment', 'reversal'] as const
export type EntryKind = (typeof entryKinds)[number]

export const paymentMethods = ['card', 'cash', 'bank_transfer', 'zelle', 'card_at_counter'] as const
export type PaymentMethod = (typeof paymentMethods)[number]

/** The methods staff record at the desk: a card online is Stripe's, never typed in. */
export const deskMethods = ['cash', 'bank_transfer', 'zelle', 'card_at_counter'] as const satisfies readonly PaymentMethod[]
export type DeskMethod = (typeof deskMethods)[number]

/**
 * One line of a customer's account (`account_entries`, append-only): what it adds to what they owe
 * (a charge > 0, a payment or credit < 0) and what they owe after it (negative: a credit).
 */
export interface AccountEntryRow {
  id: string
  user_id: string
  kind: EntryKind
  amount_cents: number
  balance_after_cents: number
  currency: string
  shipment_id: string | null
  package_id: string | null
  /** A storage fee's Miami day. */
  storage_day: string | null
  method: PaymentMethod | null
  /** The Stripe payment intent, or what staff typed. */
  reference: string | null
  /** Why: what the customer reads on a refund, credit, adjustment or reversal. */
  reason: string | null
  /** The payment a refund returns, the charge a reversal undoes. */
  refers_to: string | null
  receipt_number: number | null
  /** Staff who posted it; null for the customer's own action, the system or Stripe. */
  posted_by: string | null
  created_at: string
  change_xid?: string
}

/** What a customer owes now (an admin's copy, `pull_account_balances`): > 0 owes, < 0 a credit. */
export interface AccountBalanceRow {
  user_id: string
  balance_cents: number
  /** When the oldest charge still unpaid was posted (null when nothing is owed). */
  oldest_unpaid_at: string | null
  change_xid?: string
}
