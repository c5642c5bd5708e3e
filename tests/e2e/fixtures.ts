import { test as base, expect, type BrowserContext, type Worker } from '@playwright/test'

export { expect }

const serviceWorkerTag = '@service-worker'
/** Details for a test of what the service worker does: without them, no worker runs in its browser contexts. */
export const withServiceWorker = { tag: serviceWorkerTag }
/** Whether the running test lets the service worker run (`withServiceWorker`). */
export const serviceWorkerAllowed = () => base.info().tags.includes(serviceWorkerTag)

/** What the listener in each page and service worker logs for a `securitypolicyviolation` event. */
const violationMark = '[security policy violation]'
// Chromium's own console messages for what a Content Security Policy, Trusted Types or a
// Permissions Policy refused in a page.
const browserReport = /Content Security Policy|Trusted ?Type|Permissions policy violation/i

function reportViolations(mark: string) {
  addEventListener('securitypolicyviolation', (event) => {
    console.error(`${mark} ${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}: ${event.sample}`)
  })
}

/** The headers' policies, watched in every page and service worker of a test (tests/e2e/fixtures.ts). */
export interface SecurityPolicyWatch {
  /** Watches a context the test made some other way than `browser.newContext` (another browser). */
  watch(context: BrowserContext): Promise<void>
  /** The violations so far, which no longer fail the test: for a test that causes one on purpose. */
  take(): string[]
}

/**
 * Pages taken as they load (for tests of an app that cannot start). Every test fails if anything in it was refused by the site's Content Security Policy (or its
 * Trusted Types or Permissions Policy), in any page, frame or service worker of any context the
 * test opens: the headers must never break what a user does.
 */
export const testAsLoaded = base.extend<{ securityPolicy: SecurityPolicyWatch }>({
  // Installing the service worker fetches its whole precache, one file at a time: every context
  // that lets it cost about 1.6 CPU-seconds more, for each of the suite's tests. Only the tests of
  // what the worker does (offline, updates, its sync, pushes) let it, by `withServiceWorker`; in the
  // rest, every request goes to the network as it would before the worker first installs.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
  serviceWorkers: async ({}, use) => {
    await use(serviceWorkerAllowed() ? 'allow' : 'block')
  },
  securityPolicy: [
    async ({ context, browser }, use) => {
      let violations: string[] = []
      const watch = async (watched: BrowserContext) => {
        watched.on('console', (message) => {
          const text = message.text()
          if (text.startsWith(violationMark) || browserReport.test(text)) violations.push(`${message.worker()?.url() ?? message.location().url}: ${text}`)
        })
        await watched.addInitScript(reportViolations, violationMark)
        // No init script runs in a service worker (nor does Chromium log what it refuses there):
        // the listener goes in as soon as the worker is seen, and catches what it does from then on.
        const listenIn = (worker: Worker) => void worker.evaluate(reportViolations, violationMark).catch(() => undefined) // a worker gone meanwhile
        watched.serviceWorkers().forEach(listenIn)
        watched.on('serviceworker', listenIn)
      }
      await watch(context)
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (options) => {
        const made = await newContext(options)
        await watch(made)
        return made
      }
      try {
        await use({ watch, take: () => violations.splice(0) })
      } finally {
        browser.newContext = newContext
      }
      violations = [...new Set(violations)]
      expect(violations, 'refused by the site\'s security policy').toEqual([])
    },
    { auto: true },
  ],
})

/**
 * A prerendered page is on screen before the app's script has run; until React has hydrated it,
 * its buttons do nothing. Tests act once it is hydrated (`<html data-hydrated>`), as a visitor
 * does once the page has settled (after `goto` and `reload`); the shell and pages without JavaScript
 * are taken as they load. The security policy is watched as in `testAsLoaded`.
 */
export const test = testAsLoaded.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const hydrated = async () => {
      if (javaScriptEnabled) await page.waitForFunction(() => !document.getElementById('hydration-data') || document.documentElement.hasAttribute('data-hydrated'))
    }
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
