import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { PlanId } from '@/business-rules/plans'
import { ShowMore } from '@/components/ui/show-more'
import { Spinner } from '@/components/ui/spinner'
import { usePackageCount, usePackages, useShipments } from '@/local-db/queries'
import { PackageCard } from './package-card'

/** Enough to fill a screen or two; a warehouse-sized account shows more on request. */
const packagesPerPage = 50

export function PackageList({ userId, plan }: { userId: string; plan: PlanId | undefined }) {
  const { t } = useLingui()
  const [shown, setShown] = useState(packagesPerPage)
  const packages = usePackages(userId, shown)
  const total = usePackageCount(userId) ?? 0
  const shipments = useShipments(userId)
  // The shipment each package travels in, while it is open.
  const shipmentOf = new Map(shipments?.filter((shipment) => shipment.status !== 'cancelled' && shipment.status !== 'delivered').flatMap((shipment) => shipment.package_ids.map((id) => [id, shipment] as const)))
  return (
    <section aria-labelledby="packages-heading" className="space-y-3">
      <h2 id="packages-heading" className="text-xl font-bold">
        <Trans>My packages</Trans>
      </h2>
      {packages === undefined ? (
        <Spinner label={t`Loading your packages…`} />
      ) : packages.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <Trans>You have no packages yet.</Trans>
        </p>
      ) : (
        <>
          <ul className="space-y-3">
            {packages.map((pkg) => (
              <PackageCard key={pkg.id} pkg={pkg} plan={plan} shipment={shipmentOf.get(pkg.id)} />
            ))}
          </ul>
          <ShowMore shown={packages.length} total={total} onMore={() => setShown((count) => count + packagesPerPage)} />
        </>
      )}
    </section>
  )
}
