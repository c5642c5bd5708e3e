import { useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import { errorText } from '@/components/refusals/refusal-text'
import type { PackageRow, PulledProfile } from '@/local-db/rows'
import { searchHistory, type HistoryCursor } from '@/remote/history'
import { historyQuery } from './history-query'
import { useConnectivityStore } from '@/stores/connectivity-store'

const pageSize = 20

interface Found {
  packages: PackageRow[]
  profiles: PulledProfile[]
  hasMore: boolean
}

export type HistorySearch =
  | { state: 'idle' }
  | { state: 'offline' }
  | ({ state: 'loading' | 'done' } & Found & { more: () => void })
  | { state: 'failed'; message: string; retry: () => void }

/** What one query (and try) found so far, a page at a time. */
interface Results extends Found {
  key: string
  next: HistoryCursor | null
  loadingMore: boolean
  /** Why the last request failed (said in the reader's language when shown), or null. */
  failure: unknown
}

/**
 * The whole history searched on the server for `query` (at least 3 characters), a page at a time
 * (`more` adds the next, starting after the last row shown); offline it says so. A newer query cancels the request of an older one,
 * and an answer to an older query is never shown for a newer one.
 */
export function useHistorySearch(query: string): HistorySearch {
  const { i18n } = useLingui()
  const reachable = useConnectivityStore((state) => state.reachable)
  const searchable = historyQuery(query)
  const [attempt, setAttempt] = useState(0)
  const key = `${attempt}:${searchable}`
  const [results, setResults] = useState<Results | null>(null)

  useEffect(() => {
    if (!searchable || !reachable) return
    const controller = new AbortController()
    searchHistory(searchable, null, pageSize, controller.signal).then(
      (page) => setResults({ key, ...page, loadingMore: false, failure: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setResults({ key, packages: [], profiles: [], hasMore: false, next: null, loadingMore: false, failure: error })
      },
    )
    return () => controller.abort()
  }, [key, searchable, reachable])

  if (!searchable) return { state: 'idle' }
  if (!reachable) return { state: 'offline' }
  const current = results?.key === key ? results : null
  if (current?.failure) return { state: 'failed', message: errorText(i18n, current.failure), retry: () => setAttempt((count) => count + 1) }
  if (!current) return { state: 'loading', packages: [], profiles: [], hasMore: false, more: () => undefined }

  const more = () => {
    setResults({ ...current, loadingMore: true })
    searchHistory(searchable, current.next, pageSize).then(
      (page) =>
        setResults((latest) =>
          latest?.key === key
            ? { ...latest, packages: [...latest.packages, ...page.packages], profiles: [...latest.profiles, ...page.profiles], hasMore: page.hasMore, next: page.next, loadingMore: false }
            : latest,
        ),
      (error: unknown) => setResults((latest) => (latest?.key === key ? { ...latest, loadingMore: false, failure: error } : latest)),
    )
  }
  return { state: current.loadingMore ? 'loading' : 'done', packages: current.packages, profiles: current.profiles, hasMore: current.hasMore, more }
}
