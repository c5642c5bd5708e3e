import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useDeviceWrite } from '@/components/use-device-write'
import { queueUpload, type UploadTarget } from '@/outbox/queue-uploads'
import { showToast } from '@/stores/toast-store'
import { FileRefused, type PrepareFile } from './prepare-files'
import { askToKeepData } from './storage-room'

/** How far the chosen files are: prepared on the device and queued, one at a time. */
export interface QueueProgress {
  done: number
  total: number
}

/**
 * Prepares the chosen files on the device (downscaled, cropped or checked) and queues each for
 * upload. A file refused here, not saved on the device, or that failed in a way nobody foresaw (the
 * browser could not read it, a bug) is named in a message; the others go on, and the picker is
 * ready again whatever happened.
 */
export function useFileQueue(userId: string, target: UploadTarget, prepare: PrepareFile) {
  const { t, i18n } = useLingui()
  const write = useDeviceWrite()
  const [progress, setProgress] = useState<QueueProgress | null>(null)
  const [queued, setQueued] = useState(0)

  async function add(files: readonly File[]) {
    void askToKeepData()
    try {
      for (const [index, file] of files.entries()) {
        setProgress({ done: index, total: files.length })
        try {
          const prepared = await prepare(file)
          if (await write(() => queueUpload(userId, target, prepared))) setQueued((count) => count + 1)
        } catch (error) {
          if (error instanceof FileRefused) {
            showToast({ variant: 'destructive', title: t`${file.name} was not added`, description: i18n._(error.reason) })
            continue
          }
          console.error('A chosen file could not be prepared', error)
          const reason = error instanceof Error ? error.message : String(error)
          showToast({ variant: 'destructive', title: t`${file.name} was not added`, description: t`Something went wrong while preparing it (${reason}). Try again, or choose another file.` })
        }
      }
    } finally {
      setProgress(null)
    }
  }

  return { add, progress, queued }
}
