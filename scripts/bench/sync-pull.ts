// DESIGN §7: a customer's first pull of 10,000 packages into an empty Dexie (≤ 3 s), where its time
// goes, and the same rows through a raw Dexie bulkPut in the same page (a ratio holds across
// machines where seconds do not); a re-pull with nothing changed (no rows); an admin's first pull
// of 10,000 packages and 5,000 customers (≤ 5 s). Drives the production build in Chromium.
import { createClient } from '@supabase/supabase-js'
import type { Page } from '@playwright/test'
import { SUPABASE_LOCAL_ANON_KEY } from '../../supabase/local/keys'
import { nodeClientOptions } from '../../tests/support/node-supabase'
import { countRows, demoAdmin, logIn, seedCustomer, seedDirectory, seedPackagesAcrossCustomers, startBenchEnvironment, until, type BenchEnvironment } from './environment'
import type { Measure } from './measure'
import type { SuiteScope } from './runner'

const PACKAGES = 10_000
const CUSTOMERS = 5_000

/**
 * Every pull page the page received (rows, bytes, how long its request took), and when the last
 * page of packages arrived: polling IndexedDB only from then on keeps the bench from slowing the pull.
 */
function recordPulls(page: Page) {
  const pages: Promise<{ rows: number; bytes: number; ms: number; body: string }>[] = []
  let firstAt = 0
  let lastPackagePage: () => void = () => {}
  const lastPackagePageArrived = new Promise<void>((resolve) => (lastPackagePage = resolve))
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !/\/rest\/v1\/rpc\/pull_(packages|profiles)$/.test(request.url())) return
    firstAt ||= performance.now()
    const sent = performance.now()
    pages.push(
      request.response().then(async (response) => {
        const body = await response!.text()
        const parsed = JSON.parse(body) as { packages?: unknown[]; profiles?: unknown[]; has_more: boolean }
        if (parsed.packages && !parsed.has_more) lastPackagePage()
        return { rows: (parsed.packages ?? parsed.profiles ?? []).length, bytes: body.length, ms: performance.now() - sent, body }
      }),
    )
  })
  return { pages, firstAt: () => firstAt, lastPackagePageArrived }
}

/** In the page: the app's packages written again into a fresh database with the same schema, by Dexie's bulkPut, 1,000 at a time. */
async function rawBulkPutMs(page: Page): Promise<number> {
  await page.addScriptTag({ path: 'node_modules/dexie/dist/dexie.js' })
  return page.evaluate(async () => {
    const Dexie = (window as unknown as { Dexie: new (name: string) => { open(): Promise<unknown>; tables: { name: string; schema: { primKey: { src: string }; indexes: { src: string }[] }; toArray(): Promise<unknown[]> }[]; table(name: string): { toArray(): Promise<unknown[]>; bulkPut(rows: unknown[]): Promise<unknown> }; version(n: number): { stores(spec: Record<string, string>): unknown }; delete(): Promise<void>; close(): void } }).Dexie
    const app = new Dexie('casillero')
    await app.open()
    const table = app.tables.find((candidate) => candidate.name === 'packages')!
    const rows = await table.toArray()
    const schema = [table.schema.primKey.src, ...table.schema.indexes.map((index) => index.src)].join(', ')
    app.close()
    const raw = new Dexie('bench-raw-bulkput')
    raw.version(1).stores({ packages: schema })
    await raw.open()
    const started = performance.now()
    for (let i = 0; i < rows.length; i += 1000) await raw.table('packages').bulkPut(rows.slice(i, i + 1000))
    const ms = performance.now() - started
    await raw.delete()
    return ms
  })
}

/** The same pages fetched by Node (no browser, no IndexedDB): the server and the wire alone. */
async function serverMs(env: BenchEnvironment, credentials: { email: string; password: string }): Promise<number> {
  const client = createClient(env.standIn.url, SUPABASE_LOCAL_ANON_KEY, nodeClientOptions)
  await client.auth.signInWithPassword(credentials)
  const started = performance.now()
  let since: string | null = null
  for (;;) {
    const { data, error } = await client.rpc('pull_packages', { p_since: since, p_limit: 1000 })
    if (error) throw new Error(error.message)
    const page = data as { checkpoint: string; has_more: boolean }
    since = page.checkpoint
    if (!page.has_more) break
  }
  return performance.now() - started
}

async function benchCustomerPull(scope: SuiteScope): Promise<Measure[]> {
  const env = await startBenchEnvironment(scope)
  const customer = await seedCustomer(env, PACKAGES)
  const page = await (await env.browser.newContext({ serviceWorkers: 'block' })).newPage()
  const pulls = recordPulls(page)
  await logIn(page, env.appUrl, '/en/login', customer)
  await pulls.lastPackagePageArrived
  await until(async () => (await countRows(page, 'packages')) >= PACKAGES)
  const pullMs = performance.now() - pulls.firstAt()
  const received = await Promise.all(pulls.pages)
  const rows = received.reduce((sum, { rows }) => sum + rows, 0)
  const bytes = received.reduce((sum, { bytes }) => sum + bytes, 0)
  const parseMs = await page.evaluate((bodies) => {
    const started = performance.now()
    for (const body of bodies) JSON.parse(body)
    return performance.now() - started
  }, received.map(({ body }) => body))

  const before = pulls.pages.length
  const repullStarted = performance.now()
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await until(async () => pulls.pages.length > before)
  const repull = await Promise.all(pulls.pages.slice(before))
  const repullMs = performance.now() - repullStarted

  const writeMs = await rawBulkPutMs(page)
  const nodeMs = await serverMs(env, customer)
  await env.close()
  return [
    { name: `customer: pull ${PACKAGES.toLocaleString('en')} packages into an empty Dexie (Chromium)`, value: pullMs / 1000, unit: 's', budget: 3 },
    { name: '  rows received (profiles and packages)', value: rows, unit: 'rows' },
    { name: '  bytes received', value: bytes / 1e6, unit: 'MB' },
    { name: '  server and wire alone (same pages, fetched by Node)', value: nodeMs / 1000, unit: 's' },
    { name: '  JSON.parse of every page in the browser', value: parseMs / 1000, unit: 's' },
    { name: '  raw Dexie bulkPut of the same rows, same page', value: writeMs / 1000, unit: 's' },
    { name: '  pull time / raw bulkPut time', value: pullMs / writeMs, unit: '×' },
    { name: 're-pull with nothing changed: rows moved', value: repull.reduce((sum, { rows }) => sum + rows, 0), unit: 'rows', budget: 0 },
    { name: 're-pull with nothing changed: time', value: repullMs / 1000, unit: 's' },
  ]
}

async function benchAdminPull(scope: SuiteScope): Promise<Measure[]> {
  const env = await startBenchEnvironment(scope)
  await seedDirectory(env, CUSTOMERS)
  await seedPackagesAcrossCustomers(env, PACKAGES)
  const expected = {
    profiles: Number((await env.standIn.db.query<{ n: number }>('select count(*)::int as n from public.profiles')).rows[0]!.n),
    packages: Number((await env.standIn.db.query<{ n: number }>('select count(*)::int as n from public.packages where deleted_at is null')).rows[0]!.n),
  }
  const page = await (await env.browser.newContext({ serviceWorkers: 'block' })).newPage()
  const pulls = recordPulls(page)
  await logIn(page, env.appUrl, '/admin/login', demoAdmin)
  await pulls.lastPackagePageArrived
  await until(async () => (await countRows(page, 'packages')) >= expected.packages && (await countRows(page, 'profiles')) >= expected.profiles)
  const pullMs = performance.now() - pulls.firstAt()
  await env.close()
  return [
    {
      name: `admin: first pull of ${expected.packages.toLocaleString('en')} packages + ${expected.profiles.toLocaleString('en')} profiles`,
      value: pullMs / 1000,
      unit: 's',
      budget: 5,
    },
  ]
}

export async function benchSyncPull(scope: SuiteScope): Promise<Measure[]> {
  return [...(await benchCustomerPull(scope)), ...(await benchAdminPull(scope))]
}
