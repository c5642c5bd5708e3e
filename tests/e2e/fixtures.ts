import { test as base } from '@playwright/test'

export { expect } from '@playwright/test'

/**
 * A prerendered page is on screen before the app's script has run; until React has hydrated it,
 * its buttons do nothing. Tests act once it is hydrated (`<html data-hydrated>`), as a visitor
 * does once the page has settled (after `goto` and `reload`); the shell and pages without JavaScript
 * are taken as they load.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const hydrated = () => page.waitForFunction(() => !('__staticRouterHydrationData' in window) || document.documentElement.hasAttribute('data-hydrated'))
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      await hydrated()
      return response
    }
    page.reload = async (options) => {
      const response = await reload(options)
      await hydrated()
      return response
    }
    await use(page)
  },
})
