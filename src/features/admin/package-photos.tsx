import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { FilePicker } from '@/components/files/file-picker'
import { PhotoGallery } from '@/components/files/photo-gallery'
import { preparePhoto } from '@/components/files/prepare-files'
import { QueuedUploads, UploadsProgress } from '@/components/files/queued-uploads'
import { useStorageShort } from '@/components/files/storage-room'
import { useFileQueue } from '@/components/files/use-file-queue'
import { photosOf } from '@/components/files/package-photos'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import type { LocalPackage } from '@/local-db/queries'
import { useQueuedUploads } from '@/outbox/upload-queries'

/** "Photos (n)" on a package's row: opens its check-in photos, where more are taken or chosen. */
export function PackagePhotosButton({ adminId, pkg }: { adminId: string; pkg: LocalPackage }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const queued = useQueuedUploads({ packageId: pkg.id })
  const count = photosOf(pkg).length + (queued?.filter((op) => !photosOf(pkg).includes(op.path)).length ?? 0)
  const name = pkg.tracking_code ?? t`no tracking`
  return (
    <>
      <div className="inline-flex flex-col gap-1">
        <Button variant="secondary" onClick={() => setOpen(true)} aria-label={t`Photos of ${name}`}>
          <Trans>Photos ({count})</Trans>
        </Button>
        <UploadsProgress queued={queued ?? []} label={t`Photos of ${name} being uploaded`} alone />
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} title={t`Photos of ${name}`} description={<Trans>Taken on this device, they upload when the connection allows; the customer sees them on their dashboard.</Trans>}>
        {open && <PackagePhotos adminId={adminId} pkg={pkg} name={name} />}
        <div className="flex justify-end">
          <Button onClick={() => setOpen(false)}>
            <Trans>Close</Trans>
          </Button>
        </div>
      </Dialog>
    </>
  )
}

function PackagePhotos({ adminId, pkg, name }: { adminId: string; pkg: LocalPackage; name: string }) {
  const { t } = useLingui()
  const queue = useFileQueue(adminId, { target: 'package-photo', packageId: pkg.id }, preparePhoto)
  const queued = useQueuedUploads({ packageId: pkg.id }) ?? []
  const short = useStorageShort(queue.queued)
  const listed = photosOf(pkg)
  const paths = [...listed, ...queued.filter((op) => op.state === 'pending' && !listed.includes(op.path)).map((op) => op.path)]
  const pending = queued.filter((op) => op.state === 'pending').length
  return (
    <div className="space-y-3">
      {short && (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <Trans>This device is running out of storage space. Photos not yet uploaded are kept here until they are: connect to upload them, or free some space before taking more.</Trans>
        </p>
      )}
      {paths.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>No photos yet.</Trans>
        </p>
      ) : (
        <PhotoGallery bucket="package-photos" paths={paths} subject={name} />
      )}
      {pending > 0 && (
        <p role="status" className="text-sm font-medium">
          <Plural value={pending} one="# photo waiting to upload" other="# photos waiting to upload" />
        </p>
      )}
      <QueuedUploads queued={queued} label={t`All photos of ${name} being uploaded`} />
      <div className="flex flex-wrap items-center gap-2">
        <FilePicker label={t`Take a photo`} accept="image/*" capture="environment" disabled={queue.progress !== null} onFiles={(files) => void queue.add(files)} />
        <FilePicker label={t`Choose photos`} accept="image/*" multiple disabled={queue.progress !== null} onFiles={(files) => void queue.add(files)} />
        {queue.progress && (
          <p role="status" className="flex items-center gap-2 text-sm">
            <Spinner />
            <Trans>
              Preparing photo {queue.progress.done + 1} of {queue.progress.total}…
            </Trans>
          </p>
        )}
      </div>
    </div>
  )
}
