import { Trans, useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { historyQueryMinLength } from '@/remote/history'
import type { HistorySearch } from './use-history-search'

const noteClass = 'rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400'

/**
 * Where a list of the device's rows goes on to the server's whole history: a hint while the query
 * is too short, a note offline, the error with a retry, else a section with `heading` holding the
 * matches the device lacks (`found`, null when there are none), and "More" while there are more.
 */
export function HistorySection({ query, search, heading, found }: { query: string; search: HistorySearch; heading: string; found: ReactNode | null }) {
  const { t } = useLingui()
  const headingId = useId()
  if (search.state === 'idle') {
    return query.trim() ? <p className={noteClass}>{t`Type at least ${historyQueryMinLength} characters to search the whole history too.`}</p> : null
  }
  if (search.state === 'offline') {
    return (
      <p role="status" className={noteClass} data-testid="history-offline">
        <Trans>Only what is on this device is listed: searching the older history needs a connection.</Trans>
      </p>
    )
  }
  if (search.state === 'failed') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
        <p>
          <Trans>The history could not be searched: {search.message}</Trans>
        </p>
        <Button variant="secondary" onClick={search.retry}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    )
  }
  return (
    <section aria-labelledby={headingId} aria-busy={search.state === 'loading'} className="space-y-3">
      <h2 id={headingId} className="text-lg font-bold">
        {heading}
      </h2>
      {found ??
        (search.state === 'loading' ? (
          <Spinner label={t`Searching the whole history…`} />
        ) : (
          <p className={noteClass}>
            <Trans>Nothing else matches in the history.</Trans>
          </p>
        ))}
      {search.hasMore && (
        <Button variant="ghost" busy={search.state === 'loading'} onClick={search.more}>
          <Trans>More from the history</Trans>
        </Button>
      )}
    </section>
  )
}

/** The mark on a row that came from the server's history, not from the device. */
export function FromHistoryMark() {
  return (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      <Trans>From the history</Trans>
    </span>
  )
}
