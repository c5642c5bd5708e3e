import { t } from '@lingui/core/macro'
import { showToast } from '@/stores/toast-store'

/**
 * Registers the service worker. When a new version is waiting, a toast offers to reload;
 * the app never reloads by itself, so a half-filled form is never lost. (The browser's own API, not
 * workbox-window: these few lines are all the app needs of it, and every first visit loads them.)
 */
export function registerServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
  const { serviceWorker } = navigator
  serviceWorker.register('/sw.js', { scope: '/' }).then(
    (registration: ServiceWorkerRegistration | undefined) => {
      // Automation that blocks service workers (Playwright's serviceWorkers: 'block') resolves with nothing.
      if (!registration) return
      // An update is only "waiting" when an older version controls the page; a first install is not one.
      if (registration.waiting && serviceWorker.controller) offerUpdate(registration.waiting)
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && serviceWorker.controller) offerUpdate(installing)
        })
      })
    },
    // Refused (private browsing, blocked by policy): the app works, only not offline.
    () => {},
  )
}

function offerUpdate(waiting: ServiceWorker) {
  showToast({
    title: t`A new version is available`,
    description: t`Reload to use it. Nothing you typed is lost until you do.`,
    persistent: true,
    action: {
      label: t`Reload`,
      onClick: () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true })
        waiting.postMessage({ type: 'SKIP_WAITING' })
      },
    },
  })
}
