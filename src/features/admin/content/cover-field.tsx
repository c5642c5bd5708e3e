import { useLingui } from '@lingui/react/macro'
import { Trans } from '@lingui/react/macro'
import { FilePicker } from '@/components/files/file-picker'
import { FileRefused, preparePhoto } from '@/components/files/prepare-files'
import { useStoredFile } from '@/components/files/use-stored-file'
import { Button } from '@/components/ui/button'
import { useDeviceWrite } from '@/components/use-device-write'
import { queueCoverUpload } from '@/outbox/queue-content'
import { showToast } from '@/stores/toast-store'

/** The article's cover: a picture downscaled on this device and queued like photos, into the public `content` bucket. */
export function CoverField({ userId, articleId, path, onChange }: { userId: string; articleId: string; path: string | null; onChange: (path: string | null) => void }) {
  const { t, i18n } = useLingui()
  const write = useDeviceWrite()

  async function onFiles([file]: File[]) {
    if (!file) return
    try {
      const prepared = await preparePhoto(file)
      await write(async () => onChange(await queueCoverUpload(userId, articleId, prepared)))
    } catch (error) {
      if (!(error instanceof FileRefused)) throw error
      showToast({ variant: 'destructive', title: t`The cover was not added.`, description: i18n._(error.reason) })
    }
  }

  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
        <Trans>Cover</Trans>
      </p>
      {path && <CoverImage path={path} />}
      <div className="flex flex-wrap gap-2">
        <FilePicker label={path ? t`Replace the cover` : t`Add a cover`} accept="image/*" onFiles={(files) => void onFiles(files)} />
        {path && (
          <Button variant="ghost" onClick={() => onChange(null)}>
            <Trans>Remove the cover</Trans>
          </Button>
        )}
      </div>
    </div>
  )
}

/** The site's own pictures (the first articles') by their path; an uploaded cover from this device or the bucket. */
function CoverImage({ path }: { path: string }) {
  return path.startsWith('/') ? <img src={path} alt="" className="max-h-48 rounded-lg" /> : <StoredCover path={path} />
}

function StoredCover({ path }: { path: string }) {
  const file = useStoredFile('content', path)
  return file.state === 'ready' ? <img src={file.url} alt="" data-testid="cover-preview" className="max-h-48 rounded-lg" /> : <div className="h-24 w-40 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
}
