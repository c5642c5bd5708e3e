import { Trans } from '@lingui/react/macro'
import { Button } from './button'

/** Under a list read a page at a time: how much of it shows, and a button for the next page. */
export function ShowMore({ shown, total, onMore, of = 'packages' }: { shown: number; total: number; onMore: () => void; of?: 'packages' | 'lines' }) {
  if (total <= shown) return null
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
      <p>
        {of === 'packages' ? (
          <Trans>
            Showing {shown} of {total} packages
          </Trans>
        ) : (
          <Trans>
            Showing {shown} of {total} lines
          </Trans>
        )}
      </p>
      <Button variant="secondary" onClick={onMore}>
        <Trans>Show more</Trans>
      </Button>
    </div>
  )
}
