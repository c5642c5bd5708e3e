import { Trans } from '@lingui/react/macro'
import { LiveIndicator } from '@/components/live-indicator'
import { useOnline } from '@/stores/connectivity-store'
import { useSyncStatusStore } from '@/stores/sync-status-store'
import { ArrivingProgress } from './arriving-progress'

/** Online, syncing or offline, as requests actually went (not only what the browser claims); what a first sync is still bringing; then live or reconnecting. */
export function ConnectionStatus() {
  const online = useOnline()
  const syncing = useSyncStatusStore((status) => status.state === 'syncing')
  return (
    <span className="inline-flex items-center gap-3 text-xs font-semibold text-slate-600 dark:text-slate-300">
      <span role="status" data-testid="connection-status" className="inline-flex items-center gap-1.5">
        <span className={`size-2 rounded-full ${!online ? 'bg-amber-500' : syncing ? 'motion-safe:animate-pulse bg-brand-500' : 'bg-emerald-500'}`} aria-hidden="true" />
        {!online ? <Trans>Offline</Trans> : syncing ? <Trans>Syncing…</Trans> : <Trans>Online</Trans>}
      </span>
      <ArrivingProgress />
      <LiveIndicator />
    </span>
  )
}
