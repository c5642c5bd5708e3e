import { t } from '@lingui/core/macro'
import { isOnline } from '@/stores/connectivity-store'
import { showToast } from '@/stores/toast-store'

/** supabase-js auth calls that got no answer (offline, timeout) fail with status 0. */
const unanswered = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && error.status === 0

/**
 * The message to show for a failed auth call: the service's own words (SPEC §8), or a plain
 * offline notice when the request never left the device.
 */
export function serviceMessage(error: { message: string } | unknown): string {
  if (!isOnline() || unanswered(error)) return t`You are offline. Connect to the internet and try again.`
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message
  return t`Something went wrong. Please try again.`
}

/** Status line text plus the destructive notice SPEC §8 asks for. */
export function reportServiceError(title: string, error: unknown): string {
  const message = serviceMessage(error)
  showToast({ title, description: message, variant: 'destructive' })
  return message
}
