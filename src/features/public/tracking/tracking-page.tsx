import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { StatusBadge } from '@/components/package-status'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { formatDateTime, formatMeasure } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import type { PublicPackage, TrackingResult } from '@/remote/tracking'
import { PageIntro } from '../page-intro'

export function TrackingPage({ lookup }: { lookup: (token: string) => Promise<TrackingResult> }) {
  const { t } = useLingui()
  const [token, setToken] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<TrackingResult | null>(null)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const trimmed = token.trim()
    if (!trimmed) return
    setBusy(true)
    try {
      setResult(await lookup(trimmed))
    } catch {
      setResult({ kind: 'exception' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <PageIntro title={t`Track your package`} description={t`Enter the tracking token we gave you to see where your package is.`} />
      <div className="mx-auto max-w-xl space-y-6 px-4 pb-16">
        <form onSubmit={onSubmit} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-end dark:border-slate-800 dark:bg-slate-900">
          <div className="flex-1">
            <TextField
              label={t`Tracking token`}
              value={token}
              onChange={(event) => setToken(event.target.value)}
              placeholder="00000000-0000-0000-0000-000000000000"
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <Button type="submit" busy={busy}>
            <Trans>Track</Trans>
          </Button>
        </form>
        <div aria-live="polite">{result && !busy && <TrackingOutcome result={result} />}</div>
      </div>
    </>
  )
}

function TrackingOutcome({ result }: { result: TrackingResult }) {
  const { t } = useLingui()
  if (result.kind === 'found') return <ResultCard pkg={result.package} />
  const message =
    result.kind === 'invalid-token'
      ? t`That is not a tracking token. A token looks like this: 00000000-0000-4000-8000-000000000000.`
      : result.kind === 'not-found'
        ? t`Package not found.`
        : result.kind === 'offline'
          ? t`You are offline. Tracking needs a connection.`
          : t`Error checking tracking.`
  return (
    <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      {message}
    </p>
  )
}

function ResultCard({ pkg }: { pkg: PublicPackage }) {
  const { t } = useLingui()
  const lang = useLang()
  const rows: [string, string][] = [
    [t`Locker`, pkg.locker_code],
    [t`Tracking code`, pkg.tracking_code ?? t`no tracking`],
    [t`Weight`, formatMeasure(pkg.weight_kg, 'kg', lang)],
    [t`Volume`, formatMeasure(pkg.volume_m3, 'm³', lang)],
    [t`Last update`, formatDateTime(pkg.updated_at, lang)],
  ]
  return (
    <section data-testid="tracking-result" aria-label={t`Tracking result`} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">
          <Trans>Status</Trans>
        </h2>
        <StatusBadge status={pkg.status} />
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
