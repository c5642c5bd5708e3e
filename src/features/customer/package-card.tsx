import { Trans, useLingui } from '@lingui/react/macro'
import { memo } from 'react'
import type { PlanId } from '@/business-rules/plans'
import { photosOf } from '@/components/files/package-photos'
import { PhotoGallery } from '@/components/files/photo-gallery'
import { Link } from '@/components/links'
import { StatusBadge } from '@/components/package-status'
import { StorageCountdown } from '@/components/storage-countdown'
import { formatDateTime, formatMeasure } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { shipmentPaths } from '@/i18n/shipment-paths'
import type { LocalPackage } from '@/local-db/queries'
import type { LocalShipment } from '@/local-db/shipment-overlay'

/** The open shipment a package travels in. */
type OpenShipment = Pick<LocalShipment, 'id' | 'status'>

function Card({ pkg, plan, shipment }: { pkg: LocalPackage; plan: PlanId | undefined; shipment: OpenShipment | undefined }) {
  const { t } = useLingui()
  const lang = useLang()
  return (
    <li data-testid="package" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono font-semibold">{pkg.tracking_code ?? <span className="font-sans italic text-slate-500 dark:text-slate-400">{t`no tracking`}</span>}</p>
        <StatusBadge status={pkg.status} />
      </div>
      <StorageCountdown pkg={pkg} plan={plan} shipmentStatus={shipment?.status} />
      <PhotoGallery bucket="package-photos" paths={photosOf(pkg)} subject={pkg.tracking_code ?? t`no tracking`} className="mt-2" />
      {shipment && (
        <Link to={shipmentPaths.customer(lang, shipment.id)} className="mt-1 inline-block text-sm font-medium text-brand-700 underline dark:text-brand-100">
          <Trans>In a shipment: see it</Trans>
        </Link>
      )}
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">
            <Trans>Weight</Trans>
          </dt>
          <dd>{formatMeasure(pkg.weight_kg, 'kg', lang)}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">
            <Trans>Volume</Trans>
          </dt>
          <dd>{formatMeasure(pkg.volume_m3, 'm³', lang)}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">
            <Trans>Last update</Trans>
          </dt>
          <dd>{formatDateTime(pkg.updated_at, lang)}</dd>
        </div>
      </dl>
      {pkg.events.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-100">
            <Trans>Status history</Trans>
          </summary>
          <ol className="mt-2 space-y-1 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
            {pkg.events.map((event) => (
              <li key={`${event.status}-${event.recorded_at}`} className="flex flex-wrap items-center gap-2">
                <StatusBadge status={event.status} />
                <time dateTime={event.changed_at}>{formatDateTime(event.changed_at, lang)}</time>
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  )
}

/**
 * Live queries hand over fresh copies on every change (a pull writes a page at a time): a card is
 * drawn again only when its package did change, which the server's version and status tell (or the shipment it is in).
 */
export const PackageCard = memo(
  Card,
  (before, after) => before.pkg.id === after.pkg.id && before.pkg.version === after.pkg.version && before.pkg.status === after.pkg.status && before.plan === after.plan && before.shipment?.id === after.shipment?.id &&
    before.shipment?.status === after.shipment?.status,
)
