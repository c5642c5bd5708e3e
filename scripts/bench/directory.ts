// The customer directory on the admin's device (DESIGN §7), at 50,000 customers:
//   * search by locker code, email, name and phone: ≤ 50 ms at p95, and memory for it ≤ 30 MB,
//     measured on the app's own CustomerIndex (bundled from src/local-db/customer-index.ts by Vite)
//     in a blank page of the bench's Chromium, with the JavaScript heap read after a collection
//     before and after the directory is built;
//   * its first sync: a stand-in holding 50,000 customers and little else, the demo admin logging
//     in (production build): end to end, and the device's share with the stand-in's answers served
//     from memory, with the longest main-thread task meanwhile; what the directory adds to it
//     (≤ 1 s) is that share less the same sync with the directory's pull answered empty.
import { fileURLToPath } from 'node:url'
import type { Browser } from '@playwright/test'
import { build, type Rollup } from 'vite'
import { profileWhenAsked } from './cpu-profile'
import { demoAdmin, logIn, seedDirectory, startBenchEnvironment } from './environment'
import { firstSync, recordLongTasks, type FirstSync } from './first-sync'
import { percentile, type Measure } from './measure'
import type { SuiteScope } from './runner'

const CUSTOMERS = 50_000
const SEARCHES = 400


/** The probe (directory-probe.ts) as one script a page can run, on `window.directoryProbe`. */
async function probeScript(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) } },
    build: { write: false, minify: true, lib: { entry: fileURLToPath(new URL('./directory-probe.ts', import.meta.url)), formats: ['iife'], name: 'directoryProbe', fileName: 'probe' } },
  })
  const [bundle] = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[]
  return bundle!.output.find((chunk): chunk is Rollup.OutputChunk => chunk.type === 'chunk')!.code
}

async function searchAndMemory(browser: Browser): Promise<Measure[]> {
  const page = await browser.newPage()
  try {
    await page.addScriptTag({ content: await probeScript() })
    const cdp = await page.context().newCDPSession(page)
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage')
      return (await cdp.send('Runtime.getHeapUsage')).usedSize
    }
    const before = await heap()
    const { buildMs, size } = await page.evaluate((count) => {
      const probe = (window as unknown as { directoryProbe: typeof import('./directory-probe') }).directoryProbe
      const tuples = probe.makeTuples(count)
      const started = performance.now()
      const index = probe.buildIndex(tuples)
      ;(window as unknown as { directory: unknown }).directory = index
      return { buildMs: performance.now() - started, size: index.size }
    }, CUSTOMERS)
    if (size !== CUSTOMERS) throw new Error(`the generated directory holds ${size} customers, not ${CUSTOMERS}`)
    const after = await heap()
    const times = await page.evaluate((searches) => {
      type Index = import('../../src/local-db/customer-index').CustomerIndex
      const index = (window as unknown as { directory: Index }).directory
      const customers = index.search('')
      const queries: string[] = []
      for (let i = 0; i < searches; i++) {
        const customer = customers[Math.floor(((i * 7919) % customers.length) * 1)]!
        const [firstName, lastName] = customer.full_name!.split(' ')
        queries.push(
          [
            `Suite ${customer.locker_code}`,
            customer.locker_code!.slice(3, 7),
            customer.email!.toUpperCase(),
            customer.email!.slice(0, 6),
            `${firstName!.slice(0, 4)} ${lastName!.slice(0, 3)}`.toLowerCase(),
            customer.phone!.slice(-7),
            'mar',
          ][i % 7]!,
        )
      }
      return queries.map((query) => {
        const started = performance.now()
        index.search(query)
        return performance.now() - started
      })
    }, SEARCHES)
    return [
      { name: `directory of ${CUSTOMERS.toLocaleString('en')} customers: search p95 (${SEARCHES} searches)`, value: percentile(times, 0.95), unit: 'ms', budget: 50 },
      { name: '  search median', value: percentile(times, 0.5), unit: 'ms' },
      { name: '  slowest search', value: Math.max(...times), unit: 'ms' },
      { name: '  memory for it (JS heap after a collection, with − without)', value: (after - before) / 1e6, unit: 'MB', budget: 30 },
      { name: '  loading it into memory, ready to search', value: buildMs, unit: 'ms' },
    ]
  } finally {
    await page.close()
  }
}

async function firstSyncOf(browser: Browser, appUrl: string, profiled = false): Promise<FirstSync> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  try {
    await recordLongTasks(context)
    const page = await context.newPage()
    const stopProfile = profiled ? await profileWhenAsked(page, "directory's first sync, device share") : async () => {}
    await logIn(page, appUrl, '/admin/login', demoAdmin)
    const figures = await firstSync(page)
    await stopProfile()
    return figures
  } finally {
    await context.close()
  }
}

export async function benchDirectory(scope: SuiteScope): Promise<Measure[]> {
  const env = await startBenchEnvironment(scope, { answerReplay: true })
  const measures = await searchAndMemory(env.browser)
  await seedDirectory(env, CUSTOMERS)
  const endToEnd = await firstSyncOf(env.browser, env.appUrl)
  env.answers!.replaying = true
  const replayed = await firstSyncOf(env.browser, env.appUrl, true)
  // The same first sync with the directory's pull answered empty: what the directory adds is the difference.
  env.answers!.withoutDirectory = true
  const withoutDirectory = await firstSyncOf(env.browser, env.appUrl)
  await env.close()
  measures.push(
    { name: `first sync of the directory (${CUSTOMERS.toLocaleString('en')} customers), end to end`, value: endToEnd.workingSetMs / 1000, unit: 's' },
    { name: "  the device's share (answers replayed), whole first sync", value: replayed.workingSetMs / 1000, unit: 's' },
    { name: "  what the directory adds to it (with − without)", value: Math.max(0, (replayed.workingSetMs - withoutDirectory.workingSetMs) / 1000), unit: 's', budget: 1 },
    { name: `  longest main-thread task, device share (${replayed.longTasks} over 50 ms)`, value: replayed.longestTaskMs, unit: 'ms', budget: 200 },
  )
  return measures
}
