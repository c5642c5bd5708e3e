import { useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import { showToast } from '@/stores/toast-store'

/**
 * Runs a change to this device's copy (one IndexedDB transaction: all of it lands or none of it)
 * and tells the user when it could not be saved, rather than dropping the failure: the device is
 * out of space, the session ended meanwhile, or the browser's storage refused it. Resolves with
 * whether it was saved.
 */
export function useDeviceWrite() {
  const { t } = useLingui()
  return useCallback(
    async function write(change: () => Promise<unknown>): Promise<boolean> {
      try {
        await change()
        return true
      } catch (error) {
        console.error('A change could not be saved on this device', error)
        const name = error instanceof Error ? error.name : ''
        const reason = error instanceof Error ? error.message : String(error)
        const description =
          name === 'NotOwnerError'
            ? t`You are no longer signed in on this device, so nothing was changed.`
            : name === 'QuotaExceededError' || (error instanceof Error && error.cause instanceof Error && error.cause.name === 'QuotaExceededError')
              ? t`This device is out of storage space, so nothing was changed. Free some space and try again.`
              : t`This device’s storage refused the change (${reason}), so nothing was changed. Try again; if it keeps failing, reload the page.`
        showToast({ variant: 'destructive', title: t`Not saved on this device`, description })
        return false
      }
    },
    [t],
  )
}
