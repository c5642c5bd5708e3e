import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../../tests/e2e/chromium'
import type { Measure } from './measure'
import { startPreview } from './preview'
import type { SuiteScope } from './runner'

const distAssets = 'dist/assets'
const gzipKb = (file: string) => gzipSync(readFileSync(file)).length / 1024
// The app loads its connectivity watch and the service worker's registration when the browser is
// idle after the first paint: a first visit is over once no script was asked for in this long.
const quietMs = 1500

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
  let lastScriptAt = Date.now()
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return
    loaded.add(new URL(request.url()).pathname.split('/').pop()!)
    lastScriptAt = Date.now()
  })
  await page.goto(`${preview.url}/es`, { waitUntil: 'networkidle' })
  while (Date.now() - lastScriptAt < quietMs) await page.waitForTimeout(250)
  await page.waitForLoadState('networkidle')
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
