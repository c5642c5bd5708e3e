import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { EntryKind, PaymentMethod } from '@/local-db/account-rows'
import type { StatementLine } from '@/local-db/account'

export const entryKindLabels: Record<EntryKind, MessageDescriptor> = {
  shipment_charge: msg`Shipment charge`,
  storage_fee: msg`Storage fee`,
  payment: msg`Payment`,
  refund: msg`Refund`,
  credit: msg`Credit`,
  adjustment: msg`Adjustment`,
  reversal: msg`Charge reversed`,
}

export const methodLabels: Record<PaymentMethod, MessageDescriptor> = {
  card: msg`Card (online)`,
  cash: msg`Cash`,
  bank_transfer: msg`Bank transfer`,
  zelle: msg`Zelle`,
  card_at_counter: msg`Card at the counter`,
}

/** A short, stable name for a shipment or package: the first characters of its id, as support reads them out. */
export const shortId = (id: string) => id.slice(0, 8).toUpperCase()

/** What a line is, in words: its kind, then what it refers to (shipment, package and day, method and reference, reason). */
export function useLineText(): (line: StatementLine) => { what: string; detail: string } {
  const { t, i18n } = useLingui()
  return (line) => {
    const parts: string[] = []
    if (line.shipment_id) parts.push(t`Shipment ${shortId(line.shipment_id)}`)
    if (line.package_id) parts.push(t`Package ${shortId(line.package_id)}`)
    if (line.storage_day) parts.push(line.storage_day)
    if (line.method) parts.push(i18n._(methodLabels[line.method]))
    if (line.reference) parts.push(line.reference)
    if (line.receipt_number !== null) parts.push(t`Receipt no. ${line.receipt_number}`)
    if (line.reason) parts.push(line.reason)
    return { what: i18n._(entryKindLabels[line.kind]), detail: parts.join(' · ') }
  }
}
