import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../../tests/e2e/chromium'
import type { Measure } from './measure'
import { startPreview } from './preview'

const distAssets = 'dist/assets'
const gzipKb = (file: string) => gzipSync(readFileSync(file)).length / 1024

/** The gzip size of the JavaScript a real browser loads to paint `/es`, and of every other (lazy) chunk. */
export async function benchFirstPaint(): Promise<Measure[]> {
  const preview = await startPreview()
  try {
    const browser = await chromium.launch(chromiumLaunchOptions())
    // No service worker: its precache would fetch every chunk and blur what the first paint needs.
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    // Every script requested until the page's own heading is on screen: what its first paint needed.
    const loaded = new Set<string>()
    let painted = false
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (!painted && path.endsWith('.js')) loaded.add(path.split('/').pop()!)
    })
    await page.goto(`${preview.url}/es`)
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor()
    painted = true
    await browser.close()

    const firstPaint = [...loaded].reduce((sum, file) => sum + gzipKb(join(distAssets, file)), 0)
    const lazy = readdirSync(distAssets)
      .filter((file) => file.endsWith('.js') && !loaded.has(file))
      .map((file) => ({ name: `  lazy chunk ${file}`, value: gzipKb(join(distAssets, file)), unit: 'KB gz' }))
      .sort((a, b) => b.value - a.value)
    return [
      { name: `JS for first paint of /es (${loaded.size} files)`, value: firstPaint, unit: 'KB gz', budget: 120 },
      ...lazy,
    ]
  } finally {
    preview.stop()
  }
}
