import { useLingui } from '@lingui/react/macro'
import type { OutboxCounts } from '@/outbox/queries'
import { AlertCount, BadgeButton } from '../ui/badge-button'

/** The count of changes not yet on the server, in red those that wait for the user; opens the outbox. */
export function OutboxBadge({ counts, onClick }: { counts: OutboxCounts | undefined; onClick: () => void }) {
  const { t } = useLingui()
  const pending = counts?.pending ?? 0
  const unresolved = counts?.unresolved ?? 0
  const label = unresolved > 0 ? t`Unsent changes: ${pending} pending, ${unresolved} need your decision` : t`Unsent changes: ${pending} pending`
  return (
    <BadgeButton label={label} onClick={onClick} testId="outbox-button" icon={<path d="M4 13h4l2 3h4l2-3h4M4 13l2-8h12l2 8v6H4z" />}>
      <span data-testid="outbox-pending">{pending}</span>
      {unresolved > 0 && <AlertCount testId="outbox-unresolved">{unresolved}</AlertCount>}
    </BadgeButton>
  )
}
