import { Trans, useLingui } from '@lingui/react/macro'
import { useParams } from 'react-router'
import { CancelShipmentButton } from '@/components/cancel-shipment-button'
import { ShipmentDocuments } from '@/components/files/shipment-documents'
import { Link } from '@/components/links'
import { PageMeta } from '@/components/page-meta'
import { ShipmentChange } from '@/components/shipment-change'
import { reweighReason } from '@/components/shipment-reweigh'
import { ShipmentStatusBadge } from '@/components/shipment-status'
import { ShipmentSummary } from '@/components/shipment-summary'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useDeviceWrite } from '@/components/use-device-write'
import { formatDateTime, formatUsd } from '@/i18n/format'
import { paths, useLang } from '@/i18n/paths'
import { usePackagesById, useShipment } from '@/local-db/queries'
import type { LocalShipment } from '@/local-db/shipment-overlay'
import { queueShipmentApproval, queueShipmentCancel } from '@/outbox/queue-shipments'
import { useSessionUser } from '@/stores/session-store'
import { ShipmentPackagesEditor } from './shipment-packages-editor'
import { ShipmentPayment } from './shipment-payment'

/** One of the customer's shipments: everything it holds, and what the customer can do with it now. */
export function ShipmentPage() {
  const { t } = useLingui()
  const lang = useLang()
  const { shipmentId = '' } = useParams()
  const shipment = useShipment(shipmentId)
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <PageMeta title={t`Shipment`} description={t`A shipment of your packages, step by step.`} />
      <Link to={paths.page(lang, 'dashboard')} className="text-sm font-medium text-brand-700 underline dark:text-brand-100">
        <Trans>Back to my locker</Trans>
      </Link>
      {shipment === undefined ? (
        <Spinner label={t`Loading the shipment…`} />
      ) : shipment === null ? (
        <p role="alert" className="rounded-xl border border-dashed border-slate-300 p-6 dark:border-slate-700">
          <Trans>This shipment is not on this device: it may have been discarded, or belong to another account.</Trans>
        </p>
      ) : (
        <ShipmentView shipment={shipment} />
      )}
    </div>
  )
}

function ShipmentView({ shipment }: { shipment: LocalShipment }) {
  const { t } = useLingui()
  const lang = useLang()
  const user = useSessionUser()!
  const packages = usePackagesById(shipment.package_ids) ?? []
  const write = useDeviceWrite()
  const settled = !shipment.refused && !shipment.conflict
  const when = formatDateTime(shipment.created_at, lang)
  const final = shipment.final_cents === null ? '' : formatUsd(shipment.final_cents)
  const reason = reweighReason(shipment)

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold">
          <Trans>Shipment of {when}</Trans>
        </h1>
        <span data-testid="shipment-status">
          <ShipmentStatusBadge status={shipment.status} />
        </span>
      </div>
      <ShipmentChange shipment={shipment} />
      {shipment.status === 'awaiting_approval' && settled && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-5 dark:border-amber-800 dark:bg-amber-950">
          <p className="font-medium">
            <Trans>Your box is weighed: the final charge is {final}. Approve it and we ship.</Trans>
          </p>
          <Button onClick={() => void write(() => queueShipmentApproval(user.id, shipment.id, shipment.final_cents))}>
            <Trans>Approve final charge</Trans>
          </Button>
        </div>
      )}
      <ShipmentPayment userId={user.id} shipmentId={shipment.id} />
      {reason && (
        <p data-testid="reweigh-reason" className="rounded-2xl border border-violet-300 bg-violet-50 p-5 font-medium dark:border-violet-800 dark:bg-violet-950">
          <Trans>We are weighing your box again: {reason}. You will approve the new charge once it is ready.</Trans>
        </p>
      )}
      {shipment.status === 'requested' && settled && <ShipmentPackagesEditor shipment={shipment} packages={packages} userId={user.id} />}
      <ShipmentSummary shipment={shipment} packages={packages} />
      <ShipmentDocuments shipment={shipment} customerId={user.id} />
      {shipment.status === 'requested' && settled && (
        <CancelShipmentButton consequence={t`Its packages stay at the warehouse, ready for another shipment.`} onCancel={() => void write(() => queueShipmentCancel(user.id, shipment.id))} />
      )}
    </>
  )
}
