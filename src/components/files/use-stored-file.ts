import { useEffect, useState } from 'react'
import type { UploadBucket } from '@/local-db/db'
import { loadStoredFile } from '@/sync-engine/stored-files'

export type StoredFileState = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'unavailable' }

/** An object URL for a stored file (see loadStoredFile), revoked when the component no longer shows it. */
export function useStoredFile(bucket: UploadBucket, path: string): StoredFileState {
  const key = `${bucket}/${path}`
  const [file, setFile] = useState<{ key: string; state: StoredFileState } | null>(null)
  useEffect(() => {
    let url: string | null = null
    let current = true
    loadStoredFile(bucket, path).then(
      (blob) => {
        if (!current) return
        url = URL.createObjectURL(blob)
        setFile({ key, state: { state: 'ready', url } })
      },
      () => current && setFile({ key, state: { state: 'unavailable' } }),
    )
    return () => {
      current = false
      if (url) URL.revokeObjectURL(url)
    }
  }, [bucket, path, key])
  return file?.key === key ? file.state : { state: 'loading' }
}
