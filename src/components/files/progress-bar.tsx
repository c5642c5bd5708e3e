import { useLingui } from '@lingui/react/macro'
import { formatBytes } from './file-size'

/** A named bar of how much of `total` bytes has gone: its value in per cent, and in bytes for screen readers. */
export function ProgressBar({ label, sent, total }: { label: string; sent: number; total: number }) {
  const { t, i18n } = useLingui()
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0
  const sentText = formatBytes(sent, i18n.locale)
  const totalText = formatBytes(total, i18n.locale)
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t`${sentText} of ${totalText} sent`}
      className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div className="h-full rounded-full bg-brand-600 motion-safe:transition-[width] dark:bg-brand-400" style={{ width: `${percent}%` }} />
    </div>
  )
}
