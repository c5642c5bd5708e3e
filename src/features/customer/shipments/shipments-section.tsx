import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@/components/links'
import { ShipmentChange } from '@/components/shipment-change'
import { ShipmentStatusBadge } from '@/components/shipment-status'
import { buttonClasses } from '@/components/ui/button-classes'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime, formatUsd } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { shipmentPaths } from '@/i18n/shipment-paths'
import { useShipments, useShippableCount } from '@/local-db/queries'

/** The customer's shipments, newest first, and the way to ask for the next one. */
export function ShipmentsSection({ userId }: { userId: string }) {
  const { t } = useLingui()
  const lang = useLang()
  const shipments = useShipments(userId)
  const waiting = useShippableCount(userId) ?? 0

  return (
    <section aria-labelledby="shipments-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="shipments-heading" className="text-xl font-bold">
          <Trans>Shipments</Trans>
        </h2>
        {waiting > 0 && (
          <Link to={shipmentPaths.request(lang)} className={buttonClasses()}>
            <Trans>Request a shipment</Trans>
          </Link>
        )}
      </div>
      {shipments === undefined ? (
        <Spinner label={t`Loading your shipments…`} />
      ) : shipments.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {waiting > 0 ? <Trans>Your packages at the warehouse can travel home together: request a shipment.</Trans> : <Trans>When your packages reach the warehouse, ask for them to be shipped home from here.</Trans>}
        </p>
      ) : (
        <ul className="space-y-3">
          {shipments.map((shipment) => {
            const when = formatDateTime(shipment.created_at, lang)
            const count = shipment.package_ids.length
            const amount = formatUsd(shipment.final_cents ?? shipment.estimate_cents)
            return (
              <li key={shipment.id} data-testid="shipment" data-status={shipment.status} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link to={shipmentPaths.customer(lang, shipment.id)} className="font-semibold text-brand-700 underline dark:text-brand-100">
                    <Trans>Shipment of {when}</Trans>
                  </Link>
                  <ShipmentStatusBadge status={shipment.status} />
                </div>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {plural(count, { one: '# package', other: '# packages' })} · {shipment.final_cents === null ? t`estimate ${amount}` : t`final charge ${amount}`}
                </p>
                <ShipmentChange shipment={shipment} />
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
