import { releaseOwnership } from './owner'

/** Signing out (after the warning about unsent changes): every user's data leaves this device. */
export function clearLocalData(): Promise<void> {
  return releaseOwnership(null)
}
