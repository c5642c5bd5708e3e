import { Trans, useLingui } from '@lingui/react/macro'
import { opRefusalText } from '@/components/refusals/refusal-text'
import { Button } from '@/components/ui/button'
import { useDeviceWrite } from '@/components/use-device-write'
import type { UploadOp } from '@/local-db/db'
import { discard, retry } from '@/outbox/resolve'
import { useUploadProgress } from '@/stores/upload-progress-store'
import { formatBytes } from './file-size'
import { ProgressBar } from './progress-bar'

/** How a queued file is doing: uploading (how much has gone), waiting (and how often it was tried), or refused with the reason and a way on. */
export function QueuedUploadLine({ op }: { op: UploadOp }) {
  const { t, i18n } = useLingui()
  const write = useDeviceWrite()
  const progress = useUploadProgress(op.opId)
  const size = formatBytes(op.size, i18n.locale)
  if (op.state === 'pending') {
    return (
      <div data-testid="queued-upload" data-state="pending" className="space-y-1 text-sm text-slate-600 dark:text-slate-400">
        <p>
          {op.attempts > 0 ? (
            <Trans>
              {op.name} ({size}): waiting for the server (attempt {op.attempts}).
            </Trans>
          ) : progress ? (
            <Trans>
              {op.name} ({size}): uploading.
            </Trans>
          ) : (
            <Trans>
              {op.name} ({size}): waiting to upload.
            </Trans>
          )}
        </p>
        <ProgressBar label={t`Upload of ${op.name}`} sent={progress?.sent ?? 0} total={op.size} />
      </div>
    )
  }
  const reason = opRefusalText(i18n, op)
  return (
    <div data-testid="queued-upload" data-state="failed" role="alert" className="space-y-2 rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
      <p>
        <Trans>
          {op.name} was not accepted: {reason}
        </Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void write(() => retry(op))} aria-label={t`Try uploading ${op.name} again`}>
          <Trans>Try again</Trans>
        </Button>
        <Button variant="danger" onClick={() => void write(() => discard(op))} aria-label={t`Discard ${op.name}`}>
          <Trans>Discard</Trans>
        </Button>
      </div>
    </div>
  )
}
