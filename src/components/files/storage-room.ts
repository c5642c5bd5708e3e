import { useEffect, useState } from 'react'

/** Less free room than this for the site's data, and the user is told before adding files. */
const shortBelowBytes = 50 * 1024 * 1024

let persistence: Promise<boolean> | null = null

/** Asked once per page, before the first file is queued: keep this site's data even when the device runs short of space. */
export function askToKeepData(): Promise<boolean> {
  persistence ??= navigator.storage?.persist?.().catch(() => false) ?? Promise.resolve(false)
  return persistence
}

/** Whether the browser says this site is short of storage room; false when it cannot tell. */
export async function isStorageShort(): Promise<boolean> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined)
  if (estimate?.quota === undefined || estimate.usage === undefined) return false
  return estimate.quota - estimate.usage < shortBelowBytes
}

/** Checked when the component shows, and again after each file is queued (`checkedAfter`). */
export function useStorageShort(checkedAfter: unknown = null): boolean {
  const [short, setShort] = useState(false)
  useEffect(() => {
    let current = true
    void isStorageShort().then((value) => current && setShort(value))
    return () => {
      current = false
    }
  }, [checkedAfter])
  return short
}
