import { Plural, Trans } from '@lingui/react/macro'
import type { PlanId } from '@/business-rules/plans'
import { isStorageEnding, storageDaysLeft, storageFeePerDayCents } from '@/business-rules/storage'
import { formatUsd } from '@/i18n/format'
import { useRates } from '@/sync-engine/rates'

interface Props {
  pkg: Parameters<typeof storageDaysLeft>[0]
  plan: PlanId | undefined
  /** The status of the open shipment the package is in, if any. */
  shipmentStatus: string | undefined
}

/**
 * Free storage days left for a package waiting at the warehouse, as a warning in the last days, and
 * once they are over what each day now costs (the storage fee rate). Nothing for others, nor for a
 * package leaving in a requested or processing shipment.
 */
export function StorageCountdown({ pkg, plan, shipmentStatus }: Props) {
  const days = storageDaysLeft(pkg, { plan, shipmentStatus })
  const feeCents = storageFeePerDayCents(days, useRates())
  const fee = feeCents === null ? null : formatUsd(feeCents)
  if (days === null) return null
  const daysAgo = -days
  const tone = days < 0 ? 'text-red-700 dark:text-red-400' : isStorageEnding(days) ? 'text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-400'
  return (
    <p data-testid="storage-countdown" data-days-left={days} className={`text-sm font-medium ${tone}`}>
      {isStorageEnding(days) && <span aria-hidden="true">⚠ </span>}
      {days < 0 ? (
        <>
          <Plural value={daysAgo} one="Free storage ended # day ago" other="Free storage ended # days ago" />
          {fee !== null && (
            <>
              {' · '}
              <Trans>{fee} a day</Trans>
            </>
          )}
        </>
      ) : days === 0 ? (
        <Trans>Free storage ends today</Trans>
      ) : (
        <Plural value={days} one="# free storage day left" other="# free storage days left" />
      )}
    </p>
  )
}
