import { Trans } from '@lingui/react/macro'
import { useOnline } from '@/stores/connectivity-store'
import { useSyncStatusStore } from '@/stores/sync-status-store'

/** Whether server changes arrive live or the channel is reconnecting; nothing while offline (said elsewhere). */
export function LiveIndicator() {
  const online = useOnline()
  const live = useSyncStatusStore((status) => status.live)
  if (!online) return null
  return (
    <span data-testid="live-indicator" data-live={live} className="inline-flex items-center gap-1.5">
      <span className={`size-1.5 rounded-full ${live ? 'bg-emerald-500' : 'motion-safe:animate-pulse bg-amber-500'}`} aria-hidden="true" />
      {live ? <Trans>Live</Trans> : <Trans>Reconnecting…</Trans>}
    </span>
  )
}
