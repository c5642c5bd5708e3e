import { useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import { errorText } from '@/components/refusals/refusal-text'
import { fetchAuditPage, type AuditFilter, type AuditLine } from '@/remote/audit-log'
import { useConnectivityStore } from '@/stores/connectivity-store'

const pageSize = 50

export type AuditLog =
  | { state: 'offline' }
  | { state: 'loading' | 'done'; lines: AuditLine[]; hasMore: boolean; more: () => void }
  | { state: 'failed'; message: string; retry: () => void }

/** What one filter (and try) read so far, a page at a time. */
interface Read {
  filter: AuditFilter
  attempt: number
  lines: AuditLine[]
  next: string | null
  loadingMore: boolean
  /** Why the last request failed (said in the reader's language when shown), or null. */
  failure: unknown
}

/**
 * The audit log's lines that match `filter`, newest first, read from the server a page at a time
 * (`more` adds the page after the last line shown); offline it says so. A newer filter cancels the
 * request of an older one, and an older filter's answer never shows under a newer one. `filter` is
 * compared by identity: the page keeps the one it applied.
 */
export function useAuditLog(filter: AuditFilter): AuditLog {
  const { i18n } = useLingui()
  const reachable = useConnectivityStore((state) => state.reachable)
  const [attempt, setAttempt] = useState(0)
  const [read, setRead] = useState<Read | null>(null)

  useEffect(() => {
    if (!reachable) return
    const controller = new AbortController()
    fetchAuditPage(filter, null, pageSize, controller.signal).then(
      (page) => setRead({ filter, attempt, lines: page.lines, next: page.next, loadingMore: false, failure: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setRead({ filter, attempt, lines: [], next: null, loadingMore: false, failure: error })
      },
    )
    return () => controller.abort()
  }, [filter, attempt, reachable])

  if (!reachable) return { state: 'offline' }
  const isCurrent = (candidate: Read | null): candidate is Read => candidate?.filter === filter && candidate.attempt === attempt
  const current = isCurrent(read) ? read : null
  if (current?.failure) return { state: 'failed', message: errorText(i18n, current.failure), retry: () => setAttempt((count) => count + 1) }
  if (!current) return { state: 'loading', lines: [], hasMore: false, more: () => undefined }

  const more = () => {
    setRead({ ...current, loadingMore: true })
    fetchAuditPage(filter, current.next, pageSize).then(
      (page) => setRead((latest) => (isCurrent(latest) ? { ...latest, lines: [...latest.lines, ...page.lines], next: page.next, loadingMore: false } : latest)),
      (error: unknown) => setRead((latest) => (isCurrent(latest) ? { ...latest, loadingMore: false, failure: error } : latest)),
    )
  }
  return { state: current.loadingMore ? 'loading' : 'done', lines: current.lines, hasMore: current.next !== null, more }
}
