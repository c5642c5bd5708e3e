import { Plural } from '@lingui/react/macro'
import type { UploadOp } from '@/local-db/db'
import { ProgressBar } from './progress-bar'
import { QueuedUploadLine } from './queued-upload-line'
import { useUploadBatch } from './upload-batch'

/**
 * How far a row's queued files are all together: the files sent, and a bar of the bytes. Beside
 * each file's own bar it shows once there are several; `alone` (where the files are not listed),
 * whenever one is waiting.
 */
export function UploadsProgress({ queued, label, alone = false }: { queued: readonly UploadOp[]; label: string; alone?: boolean }) {
  const batch = useUploadBatch(queued)
  if (!batch || batch.files < (alone ? 1 : 2)) return null
  const { sentFiles } = batch
  return (
    <div className="space-y-1 text-sm font-medium">
      <p>
        <Plural value={batch.files} one={`${sentFiles} of # file sent`} other={`${sentFiles} of # files sent`} />
      </p>
      <ProgressBar label={label} sent={batch.sent} total={batch.total} />
    </div>
  )
}

/** A row's queued files: how far they are all together (`label` names that bar), each one's own progress, and those refused with a way on. */
export function QueuedUploads({ queued, label }: { queued: readonly UploadOp[]; label: string }) {
  if (queued.length === 0) return null
  return (
    <div className="space-y-2">
      <UploadsProgress queued={queued} label={label} />
      {queued.map((op) => (
        <QueuedUploadLine key={op.opId} op={op} />
      ))}
    </div>
  )
}
