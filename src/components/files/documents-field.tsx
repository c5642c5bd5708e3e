import { Trans, useLingui } from '@lingui/react/macro'
import type { DocumentRef } from '@/local-db/rows'
import type { UploadTarget } from '@/outbox/queue-uploads'
import { useQueuedUploads, type UploadsOf } from '@/outbox/upload-queries'
import { FilePicker } from './file-picker'
import { prepareDocument } from './prepare-files'
import { QueuedUploads } from './queued-uploads'
import { useFileQueue } from './use-file-queue'
import { useStoredFile } from './use-stored-file'

interface DocumentsFieldProps {
  documents: readonly DocumentRef[] | undefined
  /** Where the customer's new documents go; absent where documents are only read (the desk). */
  attach?: { userId: string; target: Exclude<UploadTarget, { target: 'package-photo' | 'avatar' }> }
  /** The row's queued uploads (the customer's device). */
  queuedFor?: UploadsOf
}

/** A prealert's or a shipment's documents (purchase invoices): each opens from this device once seen; the customer attaches more. */
export function DocumentsField({ documents = [], attach, queuedFor }: DocumentsFieldProps) {
  const { t } = useLingui()
  if (documents.length === 0 && !attach) return null
  return (
    <div className="space-y-2 text-sm">
      {documents.length > 0 && (
        <ul aria-label={t`Documents`} className="flex flex-wrap gap-2">
          {documents.map((document) => (
            <li key={document.path}>
              <DocumentLink document={document} />
            </li>
          ))}
        </ul>
      )}
      {attach && queuedFor && <AttachDocument attach={attach} queuedFor={queuedFor} />}
    </div>
  )
}

function AttachDocument({ attach, queuedFor }: Required<Pick<DocumentsFieldProps, 'attach' | 'queuedFor'>>) {
  const { t } = useLingui()
  const queue = useFileQueue(attach.userId, attach.target, prepareDocument)
  const queued = useQueuedUploads(queuedFor) ?? []
  return (
    <>
      <QueuedUploads queued={queued} label={t`All invoices being uploaded`} />
      <FilePicker label={t`Attach an invoice`} accept="application/pdf,image/jpeg,image/png" multiple disabled={queue.progress !== null} onFiles={(files) => void queue.add(files)} />
      <p className="text-xs text-slate-600 dark:text-slate-400">
        <Trans>PDF, JPEG or PNG, up to 10 MB.</Trans>
      </p>
    </>
  )
}

/** A link that opens the document in a new tab, once its bytes are on this device. */
function DocumentLink({ document }: { document: DocumentRef }) {
  const file = useStoredFile('documents', document.path)
  const className = 'inline-flex items-center gap-1 rounded-lg border border-slate-300 px-2.5 py-1 dark:border-slate-600'
  if (file.state !== 'ready') {
    return (
      <span className={`${className} text-slate-500 dark:text-slate-400`} aria-busy={file.state === 'loading'}>
        {document.name} {file.state === 'unavailable' && <Trans>(not available offline)</Trans>}
      </span>
    )
  }
  return (
    <a href={file.url} target="_blank" rel="noopener" className={`${className} font-medium text-brand-700 underline dark:text-brand-100`}>
      {document.name}
    </a>
  )
}
