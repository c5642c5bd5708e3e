import { Trans, useLingui } from '@lingui/react/macro'
import { DocumentsField } from '@/components/files/documents-field'
import { StatusBadge } from '@/components/package-status'
import { opRefusalText } from '@/components/refusals/refusal-text'
import { Button } from '@/components/ui/button'
import { useDeviceWrite } from '@/components/use-device-write'
import { formatDollars, formatLongDate } from '@/i18n/format'
import { useLang } from '@/i18n/paths'
import type { LocalPrealert } from '@/local-db/prealert-overlay'
import { usePackage } from '@/local-db/queries'
import type { PrealertState } from '@/local-db/rows'
import { discard, retry } from '@/outbox/resolve'
import { prealertStateLabels } from './prealert-messages'

const stateColors: Record<PrealertState, string> = {
  announced: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  received: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  cancelled: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
}

interface PrealertItemProps {
  prealert: LocalPrealert
  onEdit: (prealert: LocalPrealert) => void
  onCancel: (prealert: LocalPrealert) => void
}

/** One prealert: what was announced, its state (with its package once received) and how its changes are syncing. */
export function PrealertItem({ prealert, onEdit, onCancel }: PrealertItemProps) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const pkg = usePackage(prealert.package_id)
  const { refused } = prealert
  const changeable = prealert.state === 'announced' && !refused
  const subject = `${prealert.store} · ${prealert.tracking_code}`
  const write = useDeviceWrite()

  return (
    <li data-testid="prealert" data-state={prealert.state} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {prealert.store} <span className="font-mono text-sm font-normal text-slate-600 dark:text-slate-400">{prealert.tracking_code}</span>
        </p>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateColors[prealert.state]}`}>{i18n._(prealertStateLabels[prealert.state])}</span>
      </div>
      <p className="text-sm">{prealert.description}</p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <Trans>Declared value: {formatDollars(prealert.declared_value_usd)}</Trans>
        {prealert.expected_on && (
          <>
            {' · '}
            <Trans>Expected {formatLongDate(prealert.expected_on, lang)}</Trans>
          </>
        )}
      </p>
      {prealert.state === 'received' && (
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
          <Trans>At the warehouse as package {pkg?.tracking_code ?? prealert.tracking_code}</Trans>
          {pkg && <StatusBadge status={pkg.status} />}
        </p>
      )}
      <DocumentsField
        documents={prealert.documents}
        attach={prealert.state === 'cancelled' ? undefined : { userId: prealert.user_id, target: { target: 'prealert-document', prealertId: prealert.id } }}
        queuedFor={{ prealertId: prealert.id }}
      />
      {prealert.pendingOps > 0 && !refused && (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          <Trans>Saved on this device, waiting to be sent.</Trans>
        </p>
      )}
      {refused && (
        <div role="alert" className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <p>
            <Trans>This change was not accepted: {opRefusalText(i18n, refused)}</Trans>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void write(() => retry(refused))} aria-label={t`Send again: ${subject}`}>
              <Trans>Send again</Trans>
            </Button>
            <Button variant="ghost" onClick={() => void write(() => discard(refused))} aria-label={t`Discard the change: ${subject}`}>
              <Trans>Discard the change</Trans>
            </Button>
          </div>
        </div>
      )}
      {changeable && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => onEdit(prealert)} aria-label={t`Edit: ${subject}`}>
            <Trans>Edit</Trans>
          </Button>
          <Button variant="ghost" onClick={() => onCancel(prealert)} aria-label={t`Cancel prealert: ${subject}`}>
            <Trans>Cancel prealert</Trans>
          </Button>
        </div>
      )}
    </li>
  )
}
