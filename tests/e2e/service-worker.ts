import type { Page } from '@playwright/test'

/** Waits until the service worker controls the page: from then on the app opens offline. */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    // Controlled once clientsClaim has run, so this visit's own requests are served by it too.
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
    }
  })
}
