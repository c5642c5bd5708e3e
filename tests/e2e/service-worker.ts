import type { Page } from '@playwright/test'
import { expect, serviceWorkerAllowed } from './fixtures'

/**
 * Waits until the service worker controls the page: from then on the app opens offline. Call it on
 * a page that was open while the worker installed (such as the one that registered it): the worker
 * claims those as it activates. A page whose navigation left while the worker was installing and
 * arrived after that claim stays uncontrolled until it reloads; that fails here with a reason,
 * rather than waiting until the test times out.
 */
export async function waitForServiceWorker(page: Page) {
  if (!serviceWorkerAllowed()) throw new Error('no service worker runs in this test: give it `withServiceWorker` (tests/e2e/fixtures.ts)')
  // Installing fetches the whole precache, which takes what it takes on a busy machine.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  // Claimed as the worker activates, right after.
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null)
  await expect.poll(controlled, { message: 'the service worker controls the page (was it loaded while the worker was installing?)' }).toBe(true)
}
