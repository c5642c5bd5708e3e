import { Trans } from '@lingui/react/macro'
import { LiveIndicator } from '@/components/live-indicator'
import { formatDateTime } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import { useSyncedAt } from '@/local-db/queries'
import { useOnline } from '@/stores/connectivity-store'
import { useSyncStatusStore } from '@/stores/sync-status-store'

/** Unobtrusive: live or reconnecting, when the local copy was last refreshed, and whether it is refreshing or offline. */
export function SyncLine({ userId }: { userId: string }) {
  const lang = useLang()
  const online = useOnline()
  const state = useSyncStatusStore((status) => status.state)
  const lastSyncedAt = useSyncedAt(userId)
  return (
    <p role="status" data-testid="sync-line" className="flex flex-wrap items-center gap-x-3 text-xs text-slate-500 dark:text-slate-400">
      <LiveIndicator />
      {!online ? (
        <Trans>Offline — showing your saved copy.</Trans>
      ) : state === 'syncing' ? (
        <Trans>Syncing…</Trans>
      ) : lastSyncedAt ? (
        <Trans>Last synced {formatDateTime(lastSyncedAt, lang)}</Trans>
      ) : null}
    </p>
  )
}
