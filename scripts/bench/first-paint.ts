import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Request } from '@playwright/test'
import { chromiumLaunchOptions } from '../../tests/e2e/chromium'
import { until } from './environment'
import type { Measure } from './measure'
import { startPreview } from './preview'
import type { SuiteScope } from './runner'

const distAssets = 'dist/assets'
const gzipKb = (file: string) => gzipSync(readFileSync(file)).length / 1024

/** The gzip size of every script a first visit to `/es` requests (the prerendered page, its hydration, and what loads when idle), and of every other (lazy) chunk. */
export async function benchFirstPaint(scope: SuiteScope): Promise<Measure[]> {
  const preview = await startPreview()
  scope.defer(() => preview.stop())
  const browser = await chromium.launch(chromiumLaunchOptions())
  const closeBrowser = scope.defer(() => browser.close())
  // No service worker: its precache would fetch every chunk and blur what the visit itself needs.
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  const loaded = new Set<string>()
  const loading = new Set<Request>()
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return
    loaded.add(new URL(request.url()).pathname.split('/').pop()!)
    loading.add(request)
  })
  const done = (request: Request) => loading.delete(request)
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  await page.goto(`${preview.url}/es`)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 120_000 })
  // The app loads its connectivity watch and the service worker's registration in an idle callback
  // after the first paint (at most 3 s later), and they may load more: the visit is over once the
  // browser has been idle (an idle callback of ours, asked for after the app's) with no script
  // loading and none asked for since the last idle moment. States, not a quiet time: a loaded
  // machine can take longer than any quiet time to get there.
  for (;;) {
    const requested = loaded.size
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())))
    await until(async () => loading.size === 0)
    if (loaded.size === requested) break
  }
  await closeBrowser()

  const firstVisit = [...loaded].map((file) => ({ name: `  ${file}`, value: gzipKb(join(distAssets, file)), unit: 'KB gz' })).sort((a, b) => b.value - a.value)
  const lazy = readdirSync(distAssets)
    .filter((file) => file.endsWith('.js') && !loaded.has(file))
    .map((file) => ({ name: `  lazy chunk ${file}`, value: gzipKb(join(distAssets, file)), unit: 'KB gz' }))
    .sort((a, b) => b.value - a.value)
  return [
    { name: `All JS of a first visit to /es (${loaded.size} files)`, value: firstVisit.reduce((sum, { value }) => sum + value, 0), unit: 'KB gz', budget: 110 },
    ...firstVisit,
    ...lazy,
  ]
}
