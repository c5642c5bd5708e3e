import { plural, t } from '@lingui/core/macro'
import { showToast } from '@/stores/toast-store'

/**
 * Tells a person who signs in that changes they made on this device in an earlier session waited
 * for them (their session ended, or someone else used the device meanwhile) and are sent now.
 */
export function tellWorkKept(count: number): void {
  showToast({
    variant: 'info',
    title: plural(count, { one: '# change you made on this device was kept for you', other: '# changes you made on this device were kept for you' }),
    description: t`They were saved here while you were signed out, and are being sent now under your session.`,
  })
}
