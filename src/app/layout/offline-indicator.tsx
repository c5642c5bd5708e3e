import { Trans } from '@lingui/react/macro'
import { useOnline } from '@/stores/connectivity-store'
import { useHydrated } from './use-hydrated'

export function OfflineIndicator() {
  const online = useOnline()
  // A prerendered page was built online: offline shows from the first render after hydration.
  const hydrated = useHydrated()
  if (online || !hydrated) return null
  return (
    <span role="status" data-testid="offline-indicator" className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-50">
      <span className="size-2 rounded-full bg-amber-500" aria-hidden="true" />
      <Trans>Offline</Trans>
    </span>
  )
}
