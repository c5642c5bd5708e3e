// What the sync benches run against: a fresh stand-in on the port the bench build talks to (or
// behind the fault proxy or a slow link there), `vite preview` of that build, and Chromium. Seeding goes straight
// to the database.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { SUPABASE_LOCAL_ANON_KEY } from '../../supabase/local/keys'
import { startStandIn, type StandIn } from '../../supabase/local/server'
import { chromiumLaunchOptions } from '../../tests/e2e/chromium'
import { nodeClientOptions } from '../../tests/support/node-supabase'
import { startAnswerReplay, type AnswerReplay } from './answer-replay'
import { startFaultProxy, type FaultProxy } from './fault-proxy'
import { startPreview } from './preview'
import type { SuiteScope } from './runner'
import { startSlowLink, type SlowLink } from './slow-link'

// Ports of their own (BENCH_BACKEND_PORT, BENCH_PREVIEW_PORT) let two benches run side by side.
export const benchBackendPort = Number(process.env.BENCH_BACKEND_PORT ?? 54339)
export const benchBackendUrl = `http://127.0.0.1:${benchBackendPort}`
export const demoAdmin = { email: 'admin@example.com', password: 'admin-demo-password' }

export interface BenchEnvironment {
  standIn: StandIn
  /** Between the app and the stand-in when asked for (it costs CPU the pulls should not pay). */
  proxy: FaultProxy | null
  /** Or one that records the pulls' answers, to serve them again from memory, when asked for. */
  answers: AnswerReplay | null
  /** Or a slow link there, when asked for. */
  link: SlowLink | null
  appUrl: string
  browser: Browser
  /** Closes everything (latest first); the suite's scope closes whatever is left if this is never reached. */
  close(): Promise<void>
}

/**
 * Starts the stand-in, the fault proxy when asked for, `vite preview` and Chromium, each registered
 * with the suite's scope as it comes up: a failure part-way still closes what had started.
 */
export async function startBenchEnvironment(
  scope: SuiteScope,
  { faultProxy = false, answerReplay = false, slowLink }: { faultProxy?: boolean; answerReplay?: boolean; slowLink?: { bytesPerSecond: number; latencyMs: number } } = {},
): Promise<BenchEnvironment> {
  const closers: (() => Promise<void>)[] = []
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-sync-'))
  closers.push(scope.defer(() => rm(dataDir, { recursive: true, force: true })))
  // Benches measure sync, not auth's rate limits: config.toml's times 100.
  const standIn = await startStandIn({ port: faultProxy || answerReplay || slowLink ? 0 : benchBackendPort, dataDir, quiet: true, log: () => {}, auth: { rateLimitScale: 100 } })
  closers.push(scope.defer(() => standIn.close()))
  const proxy = faultProxy ? await startFaultProxy(benchBackendPort, standIn.url) : null
  if (proxy) closers.push(scope.defer(() => proxy.close()))
  const answers = answerReplay ? await startAnswerReplay(benchBackendPort, standIn.url) : null
  if (answers) closers.push(scope.defer(() => answers.close()))
  const link = slowLink ? await startSlowLink(benchBackendPort, standIn.url, slowLink) : null
  if (link) closers.push(scope.defer(() => link.close()))
  const preview = await startPreview()
  closers.push(scope.defer(() => preview.stop()))
  const browser = await chromium.launch(chromiumLaunchOptions())
  closers.push(scope.defer(() => browser.close()))
  return {
    standIn,
    proxy,
    answers,
    link,
    appUrl: preview.url,
    browser,
    async close() {
      for (const close of closers.reverse()) await close()
    },
  }
}

/** A customer who can log in (signed up through the API), with `packages` packages inserted by the database owner. */
export async function seedCustomer(env: BenchEnvironment, packages: number) {
  const email = `bench-${crypto.randomUUID()}@example.com`
  const password = 'bench-password'
  const { data, error } = await createClient(env.standIn.url, SUPABASE_LOCAL_ANON_KEY, nodeClientOptions).auth.signUp({ email, password, options: { data: { full_name: 'Bench Customer' } } })
  if (error) throw error
  const id = data.user!.id
  await env.standIn.db.query(
    `insert into public.packages (user_id, tracking_code, weight_kg, volume_m3, meta)
     select $1, 'BENCH-' || i, (i % 320) / 10.0, 0.01, jsonb_build_object('store', 'Amazon', 'description', 'Item ' || i)
     from generate_series(1, $2::int) as i`,
    [id, packages],
  )
  await dropSeedNotifications(env, 'BENCH-%')
  return { email, password, id }
}

/** `count` customers (profiles and lockers made by the signup trigger), no logins. */
export async function seedDirectory(env: BenchEnvironment, count: number) {
  await env.standIn.db.query(
    `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
       'customer-' || i || '@example.com', jsonb_build_object('full_name', 'Customer ' || i, 'phone', '+58 412 555 ' || lpad(i::text, 4, '0')), now(), now()
     from generate_series(1, $1::int) as i`,
    [count],
  )
}

/**
 * Seeded packages arrived long ago, and their customers heard of them then: the notifications
 * they made go at once, so the stand-in's webhook does not spend the pull being measured pushing
 * ten thousand of them through the database both share (a hosted project's pushes do not).
 */
async function dropSeedNotifications(env: BenchEnvironment, trackingCodes: string) {
  await env.standIn.db.query(`delete from public.notifications n using public.packages p where p.tracking_code like $1 and n.payload->>'package_id' = p.id::text`, [trackingCodes])
}

/** `count` packages spread over every customer. */
export async function seedPackagesAcrossCustomers(env: BenchEnvironment, count: number) {
  await env.standIn.db.query(
    `with customers as (select array_agg(id) as ids from public.profiles where role = 'user')
     insert into public.packages (user_id, tracking_code, weight_kg, volume_m3)
     select c.ids[1 + i % cardinality(c.ids)], 'WH-' || i, (i % 320) / 10.0, 0.01
     from customers c, generate_series(1, $1::int) as i`,
    [count],
  )
  await dropSeedNotifications(env, 'WH-%')
}

/** Logs in through the app's own screen; fails, with what the screen says, when the login does not go through. */
export async function logIn(page: Page, appUrl: string, path: string, credentials: { email: string; password: string }) {
  await page.goto(`${appUrl}${path}`)
  const main = page.getByRole('main')
  await main.getByLabel('Email').fill(credentials.email)
  await main.getByLabel('Password').fill(credentials.password)
  await main.getByRole('button', { name: 'Log in' }).click()
  // One wait for either outcome: a wait for the refusal raced against the new address would go on
  // querying the page's roles for a minute, through the first sync the bench measures next.
  const outcome = await page.waitForFunction(
    (from) => {
      if (location.pathname !== from) return { refused: null }
      const alert = document.querySelector('main [role="alert"]')
      return alert ? { refused: alert.textContent ?? '' } : false
    },
    path,
    { timeout: 60_000, polling: 100 },
  )
  const { refused } = (await outcome.jsonValue()) as { refused: string | null }
  await outcome.dispose()
  if (refused !== null) throw new Error(`the login at ${path} did not go through: ${refused}`)
}

/** Runs in the page: the number of rows in one of the app's IndexedDB stores (0 before it exists). */
export async function countRows(page: Page, store: string): Promise<number> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('casillero')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    try {
      if (!db.objectStoreNames.contains(name)) return 0
      return await new Promise<number>((resolve, reject) => {
        const request = db.transaction(name).objectStore(name).count()
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    } finally {
      db.close()
    }
  }, store)
}

/** A package as the app stores it, read back whole. */
export interface StoredPackage {
  id: string
  status: string
  [field: string]: unknown
}

/**
 * Defines `casilleroStoredPackages()` in the page: every package the app's IndexedDB holds, as the
 * app reads them, rows (kept compact, src/local-db/compact-rows.ts) and those kept many to a record
 * (src/local-db/package-chunks.ts) alike. Written as a string: the page runs it as it stands,
 * without the helpers tsx would add to a function compiled here.
 */
const storedPackagesScript = `window.casilleroStoredPackages = async () => {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('casillero')
    open.onsuccess = () => resolve(open.result)
    open.onerror = () => reject(open.error)
  })
  try {
    const all = (store) =>
      db.objectStoreNames.contains(store)
        ? new Promise((resolve, reject) => {
            const request = db.transaction(store).objectStore(store).getAll()
            request.onsuccess = () => resolve(request.result)
            request.onerror = () => reject(request.error)
          })
        : []
    const [rows, chunks] = await Promise.all([all('packages'), all('packageChunks')])
    const packages = new Map()
    for (const chunk of chunks) {
      for (const id of chunk.removed) packages.delete(id)
      for (const row of JSON.parse(chunk.rows)) packages.set(row.id, row)
    }
    for (const stored of rows) {
      const row = typeof stored.row === 'string' ? JSON.parse(stored.row) : stored
      packages.set(row.id, row)
    }
    return [...packages.values()]
  } finally {
    db.close()
  }
}`

/** Makes `casilleroStoredPackages()` callable in the page (again after a navigation). */
export async function canReadStoredPackages(page: Page): Promise<void> {
  await page.evaluate(storedPackagesScript)
}

/** The number of packages the app holds in the page's IndexedDB, wherever it keeps them. */
export async function countPackages(page: Page): Promise<number> {
  await canReadStoredPackages(page)
  return page.evaluate(async () => (await (window as unknown as StoredPackagesReader).casilleroStoredPackages()).length)
}

/** The page's window once canReadStoredPackages has run in it. */
export interface StoredPackagesReader {
  casilleroStoredPackages(): Promise<StoredPackage[]>
}

/** Polls until `done` holds. */
export async function until(done: () => Promise<boolean>, everyMs = 20, timeoutMs = 120_000): Promise<void> {
  const started = performance.now()
  while (!(await done())) {
    if (performance.now() - started > timeoutMs) throw new Error('the bench timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
