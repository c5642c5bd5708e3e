// Renders the app icons (any + maskable) from one SVG with Chromium. Run once when the logo changes:
// npx tsx scripts/make-icons.ts
import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../tests/e2e/chromium'

const mark = (padding: number, radius: number) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">
  <rect width="64" height="64" rx="${radius}" fill="#1d4ed8"/>
  <g transform="translate(${padding} ${padding}) scale(${(64 - 2 * padding) / 64})">
    <path d="M14 26 32 16l18 10v22H14z" fill="#fff"/>
    <path d="M14 26l18 11 18-11" fill="none" stroke="#1d4ed8" stroke-width="4" stroke-linejoin="round"/>
    <rect x="26" y="40" width="12" height="8" rx="2" fill="#f59e0b"/>
  </g>
</svg>`

const icons = [
  { file: 'icon-192.png', size: 192, svg: mark(0, 14) },
  { file: 'icon-512.png', size: 512, svg: mark(0, 14) },
  // Maskable: full-bleed background, the mark inside the 80% safe zone.
  { file: 'icon-maskable-512.png', size: 512, svg: mark(8, 0) },
]

const browser = await chromium.launch(chromiumLaunchOptions())
for (const { file, size, svg } of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } })
  await page.setContent(`<body style="margin:0">${svg}</body>`)
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: true })
  await page.close()
}
await browser.close()
