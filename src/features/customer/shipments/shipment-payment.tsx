import { Trans } from '@lingui/react/macro'
import { Link } from '@/components/links'
import { accountPaths } from '@/i18n/account-paths'
import { formatUsd } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { useStatement } from '@/local-db/account'
import { unpaidByLine } from '@/local-db/account-lines'

/** Whether a shipment's charge is paid (the account pays its oldest charges first), with the way to pay it. */
export function ShipmentPayment({ userId, shipmentId }: { userId: string; shipmentId: string }) {
  const lang = useLang()
  const statement = useStatement(userId)
  const charges = statement?.lines.filter((line) => line.shipment_id === shipmentId && line.kind === 'shipment_charge') ?? []
  if (!statement || charges.length === 0) return null
  const unpaid = unpaidByLine(statement.lines)
  // A reversed charge is owed no more: the reversal was paid against it.
  if (statement.lines.some((line) => line.kind === 'reversal' && line.shipment_id === shipmentId)) return null
  const owed = charges.reduce((sum, line) => sum + (unpaid.get(line.id) ?? 0), 0)
  const amount = formatUsd(owed)
  return owed > 0 ? (
    <p data-testid="shipment-payment" className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-red-300 bg-red-50 p-5 font-medium dark:border-red-800 dark:bg-red-950">
      <span>
        <Trans>Unpaid: {amount}. The shipment leaves once it is paid.</Trans>
      </span>
      <Link to={accountPaths.statement(lang)} className="font-bold text-brand-700 underline dark:text-brand-100">
        <Trans>Pay</Trans>
      </Link>
    </p>
  ) : (
    <p data-testid="shipment-payment" className="rounded-2xl border border-emerald-300 bg-emerald-50 p-5 font-medium dark:border-emerald-800 dark:bg-emerald-950">
      <Trans>Paid</Trans>
    </p>
  )
}
