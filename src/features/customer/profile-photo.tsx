import { useLingui } from '@lingui/react/macro'
import { Avatar } from '@/components/files/avatar'
import { FilePicker } from '@/components/files/file-picker'
import { prepareAvatar } from '@/components/files/prepare-files'
import { QueuedUploads } from '@/components/files/queued-uploads'
import { useFileQueue } from '@/components/files/use-file-queue'
import type { LocalProfile } from '@/local-db/queries'
import { useQueuedUploads } from '@/outbox/upload-queries'

/** The profile photo above the button that changes it: cropped to a square on the device and uploaded when the connection allows. */
export function ProfilePhoto({ profile }: { profile: LocalProfile }) {
  const { t } = useLingui()
  const queue = useFileQueue(profile.id, { target: 'avatar' }, prepareAvatar)
  const queued = useQueuedUploads({ avatarOf: profile.id }) ?? []
  return (
    <div className="w-20 shrink-0 space-y-1 text-center">
      <FilePicker
        label={t`Change profile photo`}
        accept="image/*"
        disabled={queue.progress !== null}
        look={{
          className: 'flex flex-col items-center gap-1 rounded-lg p-1 text-xs font-medium text-brand-700 underline hover:bg-slate-100 dark:text-brand-100 dark:hover:bg-slate-800',
          children: <Avatar profile={profile} waitingPath={queued.findLast((op) => op.state === 'pending')?.path} />,
        }}
        onFiles={(files) => void queue.add(files.slice(0, 1))}
      />
      <QueuedUploads queued={queued} label={t`All profile photos being uploaded`} />
    </div>
  )
}
