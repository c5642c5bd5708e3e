import { useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import { errorText } from '@/components/refusals/refusal-text'
import type { SavedReport } from '@/local-db/db'
import { readOwner } from '@/local-db/owner'
import { saveReport, useSavedReport } from '@/local-db/saved-report'
import { fetchAdminReport, type AdminReport, type ReportRequest } from '@/remote/reports'
import { useConnectivityStore } from '@/stores/connectivity-store'
import { defaultRequest } from './report-range'

export interface ReportView {
  /** The range shown or being computed. Null until the device's saved report has been read. */
  request: ReportRequest | null
  /** The last report computed, kept on the device (it may be of an earlier range while a new one is computed). */
  saved: SavedReport<AdminReport> | null
  computing: boolean
  offline: boolean
  failure: string | null
  show: (request: ReportRequest) => void
  retry: () => void
}

/**
 * The report the admin asks for, computed on the server and saved on the device as the last one
 * viewed, so it opens offline with its date. On opening, the saved range (else the last 30 days) is
 * computed again when online. An answer for a range no longer asked for is dropped.
 */
export function useReport(): ReportView {
  const { i18n } = useLingui()
  const saved = useSavedReport<AdminReport>()
  const reachable = useConnectivityStore((state) => state.reachable)
  const [asked, setAsked] = useState<ReportRequest | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [outcome, setOutcome] = useState<{ key: string; failure: unknown } | null>(null)

  const request = asked ?? (saved === undefined ? null : (saved?.request ?? defaultRequest()))
  const key = request && `${attempt}:${request.from}:${request.to}:${request.bucket}`
  const { from, to, bucket } = request ?? {}

  useEffect(() => {
    if (!key || !from || !to || !bucket || !reachable) return
    const controller = new AbortController()
    const asked = { from, to, bucket }
    const askedBy = readOwner()
    fetchAdminReport(asked, controller.signal)
      .then(async (report) => {
        const owner = await askedBy
        if (controller.signal.aborted || !owner) return
        await saveReport(owner, asked, report)
        setOutcome({ key, failure: null })
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setOutcome({ key, failure: error })
      })
    return () => controller.abort()
  }, [key, from, to, bucket, reachable])

  const settled = outcome?.key === key ? outcome : null
  return {
    request,
    saved: saved ?? null,
    computing: Boolean(request && reachable && !settled),
    offline: !reachable,
    failure: settled?.failure ? errorText(i18n, settled.failure) : null,
    // Asking again for the range shown computes it again, as the admin expects of the button.
    show: (next) => {
      setAsked(next)
      setAttempt((count) => count + 1)
    },
    retry: () => setAttempt((count) => count + 1),
  }
}
