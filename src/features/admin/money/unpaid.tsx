import { Trans } from '@lingui/react/macro'
import { formatUsd } from '@/i18n/format'

/** What a customer owes, where the desk decides what ships: nothing ships while it is owed. */
export function Unpaid({ cents }: { cents: number | undefined }) {
  if (!cents || cents <= 0) return null
  const amount = formatUsd(cents)
  return (
    <span data-testid="unpaid" className="ml-2 rounded bg-red-100 px-1.5 text-xs font-semibold whitespace-nowrap text-red-800 dark:bg-red-950 dark:text-red-200">
      <Trans>Unpaid {amount}</Trans>
    </span>
  )
}
