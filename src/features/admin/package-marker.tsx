import { Trans } from '@lingui/react/macro'
import type { LocalPackage } from '@/local-db/queries'
import type { OpState } from '@/outbox/queries'

const looks = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50',
  conflict: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50',
}

/** Whether this row shows a change the server has not recorded yet, or one that needs the admin. */
export function PackageMarker({ pkg, state }: { pkg: LocalPackage; state: OpState | undefined }) {
  const shown = state ?? (pkg.version === 0 || pkg.serverStatus !== undefined ? 'pending' : null)
  if (!shown) return null
  return (
    <span data-testid="package-marker" data-state={shown} className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${looks[shown]}`}>
      {shown === 'pending' ? <Trans>Pending</Trans> : shown === 'conflict' ? <Trans>Conflict</Trans> : <Trans>Refused</Trans>}
    </span>
  )
}
