import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import type { UploadBucket } from '@/local-db/db'
import { useStoredFile } from './use-stored-file'

interface PhotoGalleryProps {
  bucket: UploadBucket
  paths: readonly string[]
  /** What the photos are of, for their names ("package 1Z…"). */
  subject: string
  className?: string
}

/** Thumbnails of stored photos; each opens large. Photos come from this device once seen, so they show offline. */
export function PhotoGallery({ bucket, paths, subject, className = '' }: PhotoGalleryProps) {
  const { t } = useLingui()
  const [open, setOpen] = useState<number | null>(null)
  if (paths.length === 0) return null
  const openPath = open === null ? undefined : paths[open]
  return (
    <>
      <ul aria-label={t`Photos of ${subject}`} className={`flex flex-wrap gap-2 ${className}`}>
        {paths.map((path, index) => (
          <li key={path}>
            <button
              type="button"
              onClick={() => setOpen(index)}
              aria-label={t`Open photo ${index + 1} of ${subject}`}
              className="block size-16 overflow-hidden rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-slate-700"
            >
              <StoredImage bucket={bucket} path={path} alt={t`Photo ${index + 1} of ${subject}`} className="size-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={openPath !== undefined} onClose={() => setOpen(null)} title={t`Photo ${(open ?? 0) + 1} of ${paths.length}: ${subject}`}>
        {openPath && <StoredImage bucket={bucket} path={openPath} alt={t`Photo ${(open ?? 0) + 1} of ${subject}`} className="mx-auto max-h-[65vh] w-auto rounded-lg" />}
        <div className="flex flex-wrap justify-end gap-2">
          {paths.length > 1 && (
            <Button variant="secondary" onClick={() => setOpen(((open ?? 0) + 1) % paths.length)}>
              <Trans>Next photo</Trans>
            </Button>
          )}
          <Button onClick={() => setOpen(null)}>
            <Trans>Close</Trans>
          </Button>
        </div>
      </Dialog>
    </>
  )
}

/** A stored image, or a placeholder saying why it is not shown. */
export function StoredImage({ bucket, path, alt, className }: { bucket: UploadBucket; path: string; alt: string; className: string }) {
  const file = useStoredFile(bucket, path)
  if (file.state === 'ready') return <img src={file.url} alt={alt} className={className} decoding="async" />
  return (
    <span role="img" aria-label={alt} aria-busy={file.state === 'loading'} className={`${className} flex items-center justify-center bg-slate-100 p-1 text-center text-[0.6rem] text-slate-500 dark:bg-slate-800 dark:text-slate-400`}>
      {file.state === 'loading' ? '…' : <Trans>Not available offline</Trans>}
    </span>
  )
}
