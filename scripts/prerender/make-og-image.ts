// Renders the 1200×630 Open Graph image every prerendered page shares (public/og-image.png) with
// Chromium. Run once when the brand or its tagline changes: npx tsx scripts/prerender/make-og-image.ts
import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../../tests/e2e/chromium'

const logo = readFileSync('public/favicon.svg', 'utf8')

// Both languages on one card: the same image stands for /es and /en pages. System fonts only, no network.
const card = `
<body style="margin:0">
  <div style="box-sizing:border-box;width:1200px;height:630px;padding:80px;display:flex;flex-direction:column;justify-content:space-between;
              background:linear-gradient(135deg,#1d4ed8,#1e3a8a);color:#fff;font-family:'DejaVu Sans',Arial,sans-serif">
    <div style="display:flex;align-items:center;gap:28px">
      <div style="width:120px;height:120px;border-radius:28px;box-shadow:0 0 0 6px rgba(255,255,255,.25)">${logo.replace('<svg ', '<svg width="120" height="120" ')}</div>
      <div style="font-size:76px;font-weight:800;letter-spacing:-1px">Casillero Miami</div>
    </div>
    <div>
      <div style="font-size:50px;font-weight:700;line-height:1.15">Compra en EE. UU., recíbelo en casa</div>
      <div style="font-size:40px;margin-top:18px;color:#bfdbfe">Shop in the USA, receive it at home</div>
    </div>
    <div style="display:flex;gap:18px;font-size:30px;font-weight:700">
      <span style="background:#f59e0b;color:#0f172a;border-radius:999px;padding:12px 28px">Miami · Doral, FL</span>
      <span style="border:3px solid rgba(255,255,255,.5);border-radius:999px;padding:10px 26px">Español · English</span>
    </div>
  </div>
</body>`

const browser = await chromium.launch(chromiumLaunchOptions())
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.setContent(card)
await page.screenshot({ path: 'public/og-image.png' })
await browser.close()
