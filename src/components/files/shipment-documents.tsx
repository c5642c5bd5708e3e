import { Trans } from '@lingui/react/macro'
import type { LocalShipment } from '@/local-db/shipment-overlay'
import { DocumentsField } from './documents-field'

/** A shipment's invoices for customs: the customer attaches them until it is delivered; the desk opens them. */
export function ShipmentDocuments({ shipment, customerId }: { shipment: LocalShipment; customerId?: string }) {
  const open = shipment.status !== 'cancelled' && shipment.status !== 'delivered'
  const attach = customerId && open ? { userId: customerId, target: { target: 'shipment-document' as const, shipmentId: shipment.id } } : undefined
  if (!attach && !shipment.documents?.length) return null
  return (
    <section aria-labelledby={`documents-${shipment.id}`} className="space-y-2 rounded-2xl border border-slate-200 p-5 dark:border-slate-800">
      <h2 id={`documents-${shipment.id}`} className="text-lg font-bold">
        <Trans>Purchase invoices</Trans>
      </h2>
      {customerId && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>Customs may ask for what you paid: attach the stores' invoices here.</Trans>
        </p>
      )}
      <DocumentsField documents={shipment.documents} attach={attach} queuedFor={{ shipmentId: shipment.id }} />
    </section>
  )
}
