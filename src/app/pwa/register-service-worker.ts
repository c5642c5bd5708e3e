import { t } from '@lingui/core/macro'
import { Workbox } from 'workbox-window'
import { showToast, useToastStore } from '@/stores/toast-store'
import { checkForUpdates, offerUpdates } from './service-worker-updates'

/**
 * Registers the service worker with workbox-window (loaded after the first paint, main.tsx). When
 * a new version is waiting, a toast offers to reload; the app never reloads by itself, so a
 * half-filled form is never lost. A tab left open learns of a new version within the hour, or when
 * it is brought back to the front.
 */
export async function registerServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
  const { serviceWorker } = navigator
  const workbox = new Workbox('/sw.js', { scope: '/' })
  let registration: ServiceWorkerRegistration | undefined
  offerUpdates(workbox, {
    controlled: () => serviceWorker.controller !== null,
    waiting: () => Boolean(registration?.waiting),
    offer: offerReload,
    reload: () => location.reload(),
  })
  try {
    // The page has painted and the browser is idle already: no need to wait for the load event too.
    registration = await workbox.register({ immediate: true })
  } catch {
    // Refused (private browsing, blocked by policy): the app works, only not offline. Automation
    // that blocks service workers (Playwright's serviceWorkers: 'block') resolves with nothing,
    // which workbox-window does not expect.
    return
  }
  if (!registration) return
  // registration.update() fetches sw.js past the HTTP cache (updateViaCache 'imports', the default).
  checkForUpdates(() => workbox.update())
}

function offerReload(accept: () => void) {
  const { current, queue } = useToastStore.getState()
  if ([current, ...queue].some((toast) => toast?.action?.onClick === accept)) return
  showToast({
    title: t`A new version is available`,
    description: t`Nothing you typed is lost until you reload.`,
    persistent: true,
    action: { label: t`Reload to update`, onClick: accept },
  })
}
