import { test as base } from '@playwright/test'

export { expect } from '@playwright/test'

/**
 * A prerendered page is on screen before the app's script has run; until React has hydrated it,
 * its buttons do nothing. Tests act once it is hydrated (`<html data-hydrated>`), as a visitor
 * does once the page has settled; the shell and pages without JavaScript are taken as they load.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      await page.waitForFunction(() => !('__staticRouterHydrationData' in window) || document.documentElement.hasAttribute('data-hydrated'))
      return response
    }
    await use(page)
  },
})
