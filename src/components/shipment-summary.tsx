import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { LocalPackage } from '@/local-db/db'
import type { ShipmentEvent } from '@/local-db/rows'
import type { LocalShipment } from '@/local-db/shipment-overlay'
import { formatDateTime, formatMeasure, formatUsd } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { StatusBadge } from './package-status'
import { PriceBreakdownList } from './price-breakdown'
import { shipmentStatusLabels } from './shipment-status'

const card = 'space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900'

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={card}>
      <h2 className="text-lg font-bold">{title}</h2>
      {children}
    </section>
  )
}

/** A step of the timeline, with the charge it set (each charge stays when the box is weighed again) and why the box was weighed again. */
function TimelineEvent({ event }: { event: ShipmentEvent }) {
  const { i18n } = useLingui()
  const lang = useLang()
  const charge = typeof event.final_cents === 'number' ? formatUsd(event.final_cents) : null
  const reason = event.reason
  return (
    <li data-testid="timeline-event" className="flex flex-wrap justify-between gap-x-4">
      <span>
        {i18n._(shipmentStatusLabels[event.status])}
        {charge && (
          <span className="font-medium">
            {' · '}
            <Trans>final charge {charge}</Trans>
          </span>
        )}
      </span>
      <time dateTime={event.changed_at} className="text-slate-600 dark:text-slate-400">
        {formatDateTime(event.changed_at, lang)}
      </time>
      {reason && (
        <p className="w-full text-slate-600 dark:text-slate-400">
          <Trans>Weighed again: {reason}</Trans>
        </p>
      )}
    </li>
  )
}

/**
 * Everything a shipment holds, as both its customer and the warehouse read it: its packages and
 * where they are, the price (the estimate, or the final charge once the box is weighed), the box,
 * the dispatch, the declaration, the address, the choices and the timeline.
 */
export function ShipmentSummary({ shipment, packages }: { shipment: LocalShipment; packages: readonly LocalPackage[] }) {
  const { t } = useLingui()
  const lang = useLang()
  const price = shipment.final ?? shipment.estimate
  const chosen = [
    shipment.service === 'express' ? t`Express service` : t`Standard service`,
    ...(shipment.options.insurance ? [t`Insurance`] : []),
    ...(shipment.options.repack ? [t`Repack in a smaller box`] : []),
    ...(shipment.options.remove_invoices ? [t`Remove invoices`] : []),
    ...(shipment.options.extra_protection ? [t`Extra protection for fragile items`] : []),
  ]
  const { address, carrier, outbound_tracking: outbound } = shipment
  const total = formatUsd(shipment.declared_total_cents)
  const weight = formatMeasure(shipment.weight_kg, 'kg', lang)
  const [length, width, height] = [shipment.length_cm, shipment.width_cm, shipment.height_cm]
  const idNumber = address.id_number
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title={shipment.final ? t`Final charge` : t`Estimate`}>
        <PriceBreakdownList price={price} testId={shipment.final ? 'final-charge' : 'estimate'} />
        {!shipment.final && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <Trans>The final price comes when the box is weighed.</Trans>
          </p>
        )}
        {shipment.weight_kg !== null && (
          <p data-testid="box" className="text-sm">
            <Trans>
              Box: {weight}, {length} × {width} × {height} cm
            </Trans>
          </p>
        )}
        {shipment.outbound_tracking && (
          <p data-testid="dispatch" className="text-sm font-medium">
            <Trans>
              Sent with {carrier}, tracking number <span className="font-mono">{outbound}</span>
            </Trans>
          </p>
        )}
      </Card>
      <Card title={t`Packages`}>
        <ul className="space-y-2">
          {shipment.package_ids.map((id) => {
            const pkg = packages.find((candidate) => candidate.id === id)
            return (
              <li key={id} data-testid="shipment-package" className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="font-mono">{pkg?.tracking_code ?? pkg?.locker_code ?? id.slice(0, 8)}</span>
                <span className="flex items-center gap-2">
                  {pkg && formatMeasure(pkg.weight_kg, 'kg', lang)}
                  {pkg && <StatusBadge status={pkg.status} />}
                </span>
              </li>
            )
          })}
        </ul>
        <p className="text-sm text-slate-600 dark:text-slate-400">{chosen.join(' · ')}</p>
      </Card>
      <Card title={t`Customs declaration`}>
        <table className="w-full text-sm">
          <thead className="text-left text-slate-600 dark:text-slate-400">
            <tr>
              <th className="py-1 font-medium">{t`Description`}</th>
              <th className="py-1 text-right font-medium">{t`Quantity`}</th>
              <th className="py-1 text-right font-medium">{t`Unit value`}</th>
            </tr>
          </thead>
          <tbody>
            {shipment.items.map((item) => (
              <tr key={item.position} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1">{item.description}</td>
                <td className="py-1 text-right tabular-nums">{item.quantity}</td>
                <td className="py-1 text-right tabular-nums">{formatUsd(item.unit_value_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm font-medium">
          <Trans>Declared total: {total}</Trans>
        </p>
      </Card>
      <Card title={t`Delivery address`}>
        <address className="text-sm not-italic">
          {address.name}
          <br />
          {address.address}
          <br />
          {[address.city, address.postal_code].filter(Boolean).join(' ')}, {address.country}
          <br />
          {address.phone}
          {address.id_number && (
            <>
              <br />
              <Trans>ID {idNumber}</Trans>
            </>
          )}
        </address>
      </Card>
      {shipment.events.length > 0 && (
        <Card title={t`Timeline`}>
          <ol className="space-y-1 text-sm">
            {shipment.events.map((event) => (
              <TimelineEvent key={`${event.status}-${event.recorded_at}`} event={event} />
            ))}
          </ol>
        </Card>
      )}
    </div>
  )
}
