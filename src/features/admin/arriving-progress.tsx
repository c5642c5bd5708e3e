import { useLingui } from '@lingui/react/macro'
import { useSyncStatusStore } from '@/stores/sync-status-store'

/**
 * What an admin's first sync is still bringing, with its progress: first the customers and the open
 * work (the desk waits for these), then the last 30 days (the desk works meanwhile).
 */
export function ArrivingProgress() {
  const { t, i18n } = useLingui()
  const arriving = useSyncStatusStore((status) => status.arriving)
  if (!arriving) return null
  const label = arriving.stage === 'desk' ? t`Loading customers and open work…` : t`Still arriving: the last 30 days…`
  // Rows can change while they arrive: a stage never shows more than all of it.
  const share = arriving.total ? Math.min(1, arriving.received / arriving.total) : null
  return (
    <span data-testid="sync-arriving" data-stage={arriving.stage} className="inline-flex items-center gap-2">
      <span role="status">{label}</span>
      <progress aria-label={label} max={1} value={share ?? undefined} className="h-1.5 w-20 accent-brand-600" />
      {share !== null && <span aria-hidden="true">{i18n.number(share, { style: 'percent' })}</span>}
    </span>
  )
}
