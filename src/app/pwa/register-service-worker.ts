import { t } from '@lingui/core/macro'
import { Workbox } from 'workbox-window'
import { showToast } from '@/stores/toast-store'

/**
 * Registers the service worker. When a new version is waiting, a toast offers to reload;
 * the app never reloads by itself, so a half-filled form is never lost.
 */
export function registerServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
  const wb = new Workbox('/sw.js', { scope: '/' })
  wb.addEventListener('waiting', () => {
    showToast({
      title: t`A new version is available`,
      description: t`Reload to use it. Nothing you typed is lost until you do.`,
      persistent: true,
      action: {
        label: t`Reload`,
        onClick: () => {
          wb.addEventListener('controlling', () => location.reload())
          wb.messageSkipWaiting()
        },
      },
    })
  })
  void wb.register()
}
