import { Trans, useLingui } from '@lingui/react/macro'
import { useParams } from 'react-router'
import { ShipmentDocuments } from '@/components/files/shipment-documents'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { ShipmentChange } from '@/components/shipment-change'
import { ShipmentStatusBadge } from '@/components/shipment-status'
import { ShipmentSummary } from '@/components/shipment-summary'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime } from '@/i18n/format'
import { paths, useLang } from '@/i18n/paths'
import { useBalances } from '@/local-db/account'
import { useCustomer } from '@/local-db/directory'
import { usePackagesById, useShipment } from '@/local-db/queries'
import type { LocalShipment } from '@/local-db/shipment-overlay'
import { Unpaid } from '../money/unpaid'
import { StepPanel } from './step-panel'

/** One shipment at the warehouse: whose it is, what it holds, and its next step. */
export function ShipmentDeskPage() {
  const { t } = useLingui()
  const { shipmentId = '' } = useParams()
  const shipment = useShipment(shipmentId)
  return (
    <>
      <PageMeta title={t`Shipment`} description={t`A shipment to process.`} />
      <Link to={paths.admin('shipments')} className="text-sm font-medium text-brand-700 underline dark:text-brand-100">
        <Trans>Back to shipments</Trans>
      </Link>
      {shipment === undefined ? (
        <Spinner label={t`Loading the shipment…`} />
      ) : shipment === null ? (
        <p role="alert" className="rounded-xl border border-dashed border-slate-300 p-6 dark:border-slate-700">
          <Trans>This shipment is not on this device yet, or no longer exists.</Trans>
        </p>
      ) : (
        <DeskView shipment={shipment} />
      )}
    </>
  )
}

function DeskView({ shipment }: { shipment: LocalShipment }) {
  const lang = useLang()
  const customer = useCustomer(shipment.user_id) ?? undefined
  const packages = usePackagesById(shipment.package_ids) ?? []
  const when = formatDateTime(shipment.created_at, lang)
  const name = customer?.full_name ?? customer?.email ?? ''
  const owed = useBalances([shipment.user_id])?.get(shipment.user_id)
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold">
            <Trans>Shipment of {when}</Trans>
          </h1>
          <p data-testid="shipment-customer" className="text-sm text-slate-600 dark:text-slate-400">
            {name} · <span className="font-mono">{customer?.locker_code}</span> · {customer?.email}
            <Unpaid cents={owed} />
          </p>
        </div>
        <span data-testid="shipment-status">
          <ShipmentStatusBadge status={shipment.status} />
        </span>
      </div>
      <ShipmentChange shipment={shipment} />
      <StepPanel shipment={shipment} customer={customer} />
      <ShipmentSummary shipment={shipment} packages={packages} />
      <ShipmentDocuments shipment={shipment} />
    </>
  )
}
