import { useSyncExternalStore } from 'react'
import { installedNow, installPromptAvailable, subscribeInstallPrompt } from './install-prompt'
import { isIosSafari, isStandalone, standaloneQuery } from '@/platform/platform'

/** How this browser can install the app: its own dialog, or Safari's Share → Add to Home Screen. */
export type InstallOffer = 'prompt' | 'ios-hint'

/** An invitation the user can dismiss for good (remembered in localStorage). */
export type Invitation = 'ios-hint' | 'dashboard-card'

const storageKey = (invitation: Invitation) => `install-invitation-dismissed:${invitation}`
const dismissedThisVisit = new Set<Invitation>()
const dismissalListeners = new Set<() => void>()

function isDismissed(invitation: Invitation): boolean {
  if (dismissedThisVisit.has(invitation)) return true
  try {
    return localStorage.getItem(storageKey(invitation)) === '1'
  } catch {
    return false
  }
}

export function dismissInvitation(invitation: Invitation): void {
  dismissedThisVisit.add(invitation)
  try {
    localStorage.setItem(storageKey(invitation), '1')
  } catch {
    // storage blocked: dismissed for this visit only
  }
  for (const listener of dismissalListeners) listener()
}

/** What the app can offer right now; nothing once installed or when running as the installed app. */
export function installOffer(invitation?: Invitation): InstallOffer | null {
  if ((invitation && isDismissed(invitation)) || installedNow() || isStandalone()) return null
  if (installPromptAvailable()) return 'prompt'
  if (isIosSafari(navigator.userAgent, navigator.maxTouchPoints)) return 'ios-hint'
  return null
}

function subscribe(listener: () => void): () => void {
  const standalone = window.matchMedia?.(standaloneQuery)
  standalone?.addEventListener('change', listener)
  dismissalListeners.add(listener)
  const unsubscribePrompt = subscribeInstallPrompt(listener)
  return () => {
    standalone?.removeEventListener('change', listener)
    dismissalListeners.delete(listener)
    unsubscribePrompt()
  }
}

/**
 * The install offer, for an invitation the user may have dismissed. Nothing on the server and
 * while hydrating, so prerendered HTML and the first client render agree.
 */
export function useInstallOffer(invitation?: Invitation): InstallOffer | null {
  return useSyncExternalStore(subscribe, () => installOffer(invitation), () => null)
}
