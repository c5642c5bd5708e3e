// DESIGN §7: pull 10,000 packages into an empty Dexie in headless Chromium (≤ 3 s), then a
// re-pull with nothing changed, which must move no rows. Drives the production build (served
// by `vite preview`, built against `benchBackendUrl`) and a fresh stand-in, as a customer would.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { SUPABASE_LOCAL_ANON_KEY, SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import { startStandIn } from '../../supabase/local/server'
import { chromiumLaunchOptions } from '../../tests/e2e/chromium'
import { nodeClientOptions } from '../../tests/support/node-supabase'
import type { Measure } from './measure'
import { startPreview } from './preview'

export const benchBackendPort = 54339
export const benchBackendUrl = `http://127.0.0.1:${benchBackendPort}`
const PACKAGES = 10_000
const BATCH = 1_000

async function seedCustomer(url: string) {
  const email = `bench-${randomUUID()}@example.com`
  const password = 'bench-password'
  const signup = await createClient(url, SUPABASE_LOCAL_ANON_KEY, nodeClientOptions).auth.signUp({ email, password, options: { data: { full_name: 'Bench Customer' } } })
  if (signup.error) throw signup.error
  const userId = signup.data.user!.id
  const service = createClient(url, SUPABASE_LOCAL_SERVICE_ROLE_KEY, nodeClientOptions)
  for (let start = 0; start < PACKAGES; start += BATCH) {
    const rows = Array.from({ length: BATCH }, (_, i) => ({ user_id: userId, tracking_code: `BENCH-${start + i}`, weight_kg: ((start + i) % 320) / 10, volume_m3: 0.01 }))
    const { error } = await service.from('packages').insert(rows)
    if (error) throw new Error(`seeding packages: ${error.message}`)
  }
  return { email, password }
}

/** Runs in the page: how many packages the app's IndexedDB holds (0 before it exists). */
async function countLocalPackages(): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('casillero')
    open.onsuccess = () => resolve(open.result)
    open.onerror = () => reject(open.error)
  })
  try {
    if (!db.objectStoreNames.contains('packages')) return 0
    return await new Promise<number>((resolve, reject) => {
      const request = db.transaction('packages').objectStore('packages').count()
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
  } finally {
    db.close()
  }
}

export async function benchSyncPull(): Promise<Measure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-sync-'))
  const standIn = await startStandIn({ port: benchBackendPort, dataDir, quiet: true, log: () => {} })
  const preview = await startPreview()
  const browser = await chromium.launch(chromiumLaunchOptions())
  try {
    const customer = await seedCustomer(standIn.url)
    const page = await browser.newPage()
    // Rows each pull_packages response carried, in the order the requests were sent.
    const pulls: Promise<number>[] = []
    let firstPullAt = 0
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith('/rest/v1/rpc/pull_packages')) return
      firstPullAt ||= performance.now()
      pulls.push(request.response().then(async (response) => ((await response!.json()) as { packages: unknown[] }).packages.length))
    })

    await page.goto(`${preview.url}/en/login`)
    await page.getByRole('main').getByLabel('Email').fill(customer.email)
    await page.getByRole('main').getByLabel('Password').fill(customer.password)
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click()
    while ((await page.evaluate(countLocalPackages)) < PACKAGES) await new Promise((resolve) => setTimeout(resolve, 20))
    const pullMs = performance.now() - firstPullAt
    const sum = async (rows: Promise<number>[]) => (await Promise.all(rows)).reduce((total, count) => total + count, 0)
    const firstPullRows = await sum(pulls)

    const before = pulls.length
    const repullStarted = performance.now()
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    while (pulls.length === before) await new Promise((resolve) => setTimeout(resolve, 5))
    const repullRows = await sum(pulls.slice(before))
    const repullMs = performance.now() - repullStarted

    return [
      { name: `pull ${PACKAGES.toLocaleString('en')} packages into an empty Dexie (Chromium)`, value: pullMs / 1000, unit: 's', budget: 3 },
      { name: '  rows received by that pull', value: firstPullRows, unit: 'rows' },
      { name: 're-pull with nothing changed: rows moved', value: repullRows, unit: 'rows', budget: 0 },
      { name: 're-pull with nothing changed: time', value: repullMs / 1000, unit: 's' },
    ]
  } finally {
    await browser.close()
    preview.stop()
    await standIn.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
