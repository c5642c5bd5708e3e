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
    // Every script requested before the page's own heading was in the document: what painting it needed.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('main h1')) return
        ;(window as unknown as { headingAt: number }).headingAt = performance.now()
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto(`${preview.url}/es`)
    await page.waitForFunction(() => 'headingAt' in window)
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= (window as unknown as { headingAt: number }).headingAt && entry.name.endsWith('.js'))
        .map((entry) => new URL(entry.name).pathname.split('/').pop()!),
    )
    const loaded = new Set(scripts)
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
