// A year of history (docs/architecture.md, "The admin's working set"): with 100,000 and 1,000,000
// packages loaded by scripts/seed-history.ts (one customer per 20 packages: 50,000 at a million),
// on PostgreSQL 15 and on the local stand-in (PGlite):
//   * the admin's first sync. On the stand-in in the browser (production build, Chromium, the demo
//     admin logging in): when the desk was usable (its first stage: the directory, open packages,
//     shipments in flight, open prealerts) and when the whole working set was in, as the app marks
//     them, the longest main-thread task meanwhile, rows pulled, IndexedDB size; then the same first
//     sync with the stand-in's recorded answers served from memory (the device's share: the stand-in
//     shares the two cores with Chromium; DESIGN §7: desk ≤ 2 s at a million, ≤ 1 s at 100k, whole
//     working set ≤ 4 s, ≤ 6 s end to end, no task over 200 ms), and once more without the
//     directory's customers (its share, ≤ 1 s). On both engines the database's time for the same
//     pull (every page of every stream from no checkpoint at the app's page sizes), and on the
//     stand-in the same calls over HTTP from Node (the server and the wire, without the device);
//   * a re-sync with nothing changed (every stream from its checkpoint: no rows);
//   * search_history for part of a name, of an email and of an old tracking number, median of 7
//     (≤ 200 ms of database time);
//   * admin_report over the last 90 days, by day (when the database has it);
//   * a customer's first pull of 10,000 packages (seeded as sync-pull.ts does, then analyzed), on the
//     same engine without the history and with it: it should not change.
// Database times are the statement's own, as the roles the app uses (`authenticated` with the
// caller's JWT claims, in a transaction of its own, as PostgREST and the stand-in run an RPC).
// The stand-in has no database URL, so PostgreSQL 15 is measured on the database side only.
//
// npm run bench -- history; BENCH_HISTORY_SIZES=100000 for one size (several: 100000,1000000);
// BENCH_HISTORY_ENGINES=postgres or standin for one engine. A million packages takes a while to
// load (minutes on PostgreSQL, several more on PGlite): progress is printed as it goes.
// BENCH_HISTORY_KEEP=<folder> keeps the stand-in's loaded history there and starts from it next
// time (scripts/bench/kept-history.ts); with BENCH_HISTORY_LOAD_ONLY=1 a run only loads and keeps it,
// so the measuring run can wait for a quiet machine.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page, type Request } from '@playwright/test'
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import { withClaims, type JwtClaims } from '../../supabase/local/as-role'
import { openDatabase } from '../../supabase/local/database'
import { startStandIn } from '../../supabase/local/server'
import { beginAs, startCluster } from '../../tests/db/postgres-cluster'
import { chromiumLaunchOptions } from '../../tests/e2e/chromium'
import { runnerForPg, seedHistory, type HistorySummary, type RunQuery } from '../seed-history'
import { adminFirstPull, httpRpc, pullArgs, STREAMS, type AdminRpc, type PullPage, type StreamKey } from './admin-pull'
import { startAnswerReplay } from './answer-replay'
import { keptHistory } from './kept-history'
import { benchBackendPort, countRows, demoAdmin, logIn, until } from './environment'
import { profileWhenAsked } from './cpu-profile'
import { firstSync, recordLongTasks, type FirstSync } from './first-sync'
import { printMeasures, type Measure } from './measure'
import { startPreview } from './preview'
import type { SuiteScope } from './runner'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const DEMO_ADMIN_ID = 'a0000000-0000-4000-8000-000000000001'
const admin: JwtClaims = { sub: DEMO_ADMIN_ID, role: 'authenticated', aud: 'authenticated', email: demoAdmin.email }
const CUSTOMER_PACKAGES = 10_000
const SEARCH_RUNS = 7
const REPORT_RUNS = 3

const log = (line: string) => console.log(`  history: ${line}`)
const sizeLabel = (packages: number) => (packages >= 1_000_000 && packages % 1_000_000 === 0 ? `${packages / 1_000_000}M` : packages % 1000 === 0 ? `${packages / 1000}k` : String(packages))
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const seconds = (ms: number) => ms / 1000

/** The app's pull page size (src/sync-engine/pull.ts), read from the source so the two cannot drift apart. */
async function appPageSize(): Promise<number> {
  const source = await readFile(join(repoRoot, 'src/sync-engine/pull.ts'), 'utf8')
  const size = Number(/const pullPageSize = (\d+)/.exec(source)?.[1])
  if (!Number.isInteger(size) || size <= 0) throw new Error('could not read pullPageSize from src/sync-engine/pull.ts')
  return size
}

function sizesAsked(): number[] {
  const raw = process.env.BENCH_HISTORY_SIZES?.trim()
  if (!raw) return [100_000, 1_000_000]
  const sizes = raw.split(/[\s,]+/).map((text) => Number(text.replace(/_/g, '')))
  if (sizes.some((size) => !Number.isInteger(size) || size < 1000)) throw new Error(`BENCH_HISTORY_SIZES must list package counts of at least 1000, not "${raw}"`)
  return sizes
}

function enginesAsked(): { postgres: boolean; standin: boolean } {
  const raw = (process.env.BENCH_HISTORY_ENGINES ?? 'postgres,standin').toLowerCase()
  const asked = { postgres: /postgres|pg/.test(raw), standin: /standin|pglite/.test(raw) }
  if (!asked.postgres && !asked.standin) throw new Error(`BENCH_HISTORY_ENGINES names postgres and/or standin, not "${raw}"`)
  return asked
}

// ---------------------------------------------------------------------------------------------
// The database side, the same on both engines.

interface Db {
  owner: RunQuery
  /** One statement as these claims, in a transaction of its own; its rows and the statement's own time. */
  as(claims: JwtClaims, sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; ms: number }>
}

function postgresDb(client: pg.Client): Db {
  return {
    owner: runnerForPg(client),
    async as(claims, sql, params) {
      await beginAs(client, claims)
      try {
        const started = performance.now()
        const { rows } = await client.query<Record<string, unknown>>(sql, params)
        const ms = performance.now() - started
        await client.query('commit')
        return { rows, ms }
      } catch (error) {
        await client.query('rollback')
        throw error
      }
    },
  }
}

function pgliteDb(db: PGlite): Db {
  return {
    owner: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
    as: (claims, sql, params) =>
      withClaims(db, claims, async (tx) => {
        const started = performance.now()
        const { rows } = await tx.query<Record<string, unknown>>(sql, params)
        return { rows, ms: performance.now() - started }
      }),
  }
}

/** One RPC's JSON answer as the caller, and its time. */
async function rpc<T>(db: Db, claims: JwtClaims, call: string, params: unknown[]): Promise<{ value: T; ms: number; bytes: number }> {
  const { rows, ms } = await db.as(claims, `select ${call} as value`, params)
  const value = rows[0]!.value as T
  return { value, ms, bytes: JSON.stringify(value).length }
}

/** On the database: the statement alone, as the admin. */
const databaseRpc =
  (db: Db): AdminRpc =>
  (name, args) =>
    'p_part' in args ? rpc(db, admin, `public.${name}($1, $2, $3)`, [args.p_since, args.p_limit, args.p_part]) : rpc(db, admin, `public.${name}($1, $2)`, [args.p_since, args.p_limit])

/** Every stream once from its checkpoint: what a sync with nothing changed asks. */
async function adminResync(db: Db, pageSize: number, checkpoints: Record<StreamKey, string | null>): Promise<{ ms: number; rows: number }> {
  let ms = 0
  let rows = 0
  for (const stream of STREAMS) {
    const page = await databaseRpc(db)<PullPage>(stream.rpc, pullArgs(stream, checkpoints[stream.key], pageSize))
    ms += page.ms
    rows += (page.value[stream.rows] ?? []).length
  }
  return { ms, rows }
}

/** A customer who could log in (the signup trigger makes the profile and locker) with `count` packages, as sync-pull.ts seeds one. */
async function seedBenchCustomer(db: Db, count: number): Promise<JwtClaims & { sub: string }> {
  const id = randomUUID()
  const email = `bench-${id}@example.com`
  await db.owner(
    `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '{"full_name": "Bench Customer"}', now(), now())`,
    [id, email],
  )
  await db.owner(
    `insert into public.packages (user_id, tracking_code, weight_kg, volume_m3, meta)
     select $1, 'BENCH-' || i, (i % 320) / 10.0, 0.01, jsonb_build_object('store', 'Amazon', 'description', 'Item ' || i)
     from generate_series(1, $2::int) as i`,
    [id, count],
  )
  // Fresh statistics on both sides of the comparison: PGlite has no autovacuum, and a plan made
  // without them (the empty database's) measures the planner's guess, not the history's weight.
  await db.owner('analyze public.packages, public.package_events, public.profiles, public.lockers')
  return { sub: id, role: 'authenticated', aud: 'authenticated', email }
}

/** The customer's pull_packages pages from no checkpoint: database time and rows. */
async function customerFirstPull(db: Db, customer: JwtClaims, pageSize: number): Promise<{ ms: number; rows: number }> {
  let ms = 0
  let rows = 0
  let since: string | null = null
  for (;;) {
    const page: { value: PullPage; ms: number } = await rpc<PullPage>(db, customer, 'public.pull_packages($1, $2)', [since, pageSize])
    ms += page.ms
    rows += (page.value.packages ?? []).length
    since = page.value.checkpoint
    if (!page.value.has_more) break
  }
  return { ms, rows }
}

/** The customer's first pull on this engine before any history: measured, then the customer is deleted (its open packages would join the admin's working set). */
async function baselineCustomerPull(db: Db, pageSize: number): Promise<{ ms: number; rows: number }> {
  const customer = await seedBenchCustomer(db, CUSTOMER_PACKAGES)
  await customerFirstPull(db, customer, pageSize) // warms the caches, as the measured run with the history is warm too
  const pull = await customerFirstPull(db, customer, pageSize)
  await db.owner('delete from auth.users where id = $1', [customer.sub])
  return pull
}

/** The database-side measures after the history is loaded (and, on the stand-in, after the browser's sync). */
async function databaseMeasures(db: Db, label: string, history: HistorySummary, pageSize: number, baseline: { ms: number; rows: number }): Promise<Measure[]> {
  log(`${label}: the admin's first pull on the database…`)
  const pull = await adminFirstPull(databaseRpc(db), pageSize)
  const resync = await adminResync(db, pageSize, pull.checkpoints)
  const measures: Measure[] = [
    {
      name: `${label} admin first sync, DB (${pull.pages} pages)`,
      value: seconds(pull.ms),
      unit: 's',
      whyMissed: ['the pulls read more than the working set: check the plans of pull_* (EXPLAIN ANALYZE as the admin)'],
    },
    { name: `${label}   rows: ${describeRows(pull.rows)}`, value: total(pull.rows), unit: 'rows' },
    { name: `${label}   JSON of those rows`, value: pull.bytes / 1e6, unit: 'MB' },
    { name: `${label} re-sync, nothing changed: rows`, value: resync.rows, unit: 'rows', budget: 0 },
    { name: `${label} re-sync, nothing changed: DB (${STREAMS.length} pulls)`, value: resync.ms, unit: 'ms' },
  ]

  log(`${label}: searching the history…`)
  const searches = [
    { what: 'name', query: history.samples.name },
    { what: 'email', query: history.samples.emailFragment },
    { what: 'tracking', query: history.samples.trackingFragment },
  ]
  for (const { what, query } of searches) {
    const times: number[] = []
    let found = { packages: [] as unknown[], profiles: [] as unknown[], has_more: false }
    for (let run = 0; run < SEARCH_RUNS; run++) {
      const answer = await rpc<typeof found>(db, admin, 'public.search_history($1, 50, null)', [query])
      times.push(answer.ms)
      found = answer.value
    }
    measures.push({
      name: `${label} search ${what} "${query}": ${found.packages.length}${found.has_more ? '+' : ''} pkgs`,
      value: median(times),
      unit: 'ms',
      budget: 200,
      whyMissed: ['search_history should use the trigram indexes: EXPLAIN its queries'],
    })
  }

  const hasReport = (await db.owner(`select to_regprocedure('public.admin_report(date, date, text)') is not null as present`))[0]?.present === true
  if (hasReport) {
    log(`${label}: the 90-day report…`)
    const times: number[] = []
    for (let run = 0; run < REPORT_RUNS; run++) {
      times.push((await rpc(db, admin, `public.admin_report(current_date - 90, current_date, 'day')`, [])).ms)
    }
    measures.push({ name: `${label} admin_report, 90 days by day: DB`, value: median(times), unit: 'ms' })
  } else {
    log(`${label}: public.admin_report(date, date, text) is not in this database yet: the report is skipped`)
    measures.push({ name: `${label} admin_report: not in this database (skipped)`, value: 0, unit: '-' })
  }

  log(`${label}: a customer with ${CUSTOMER_PACKAGES.toLocaleString('en')} packages…`)
  const customer = await seedBenchCustomer(db, CUSTOMER_PACKAGES)
  await customerFirstPull(db, customer, pageSize)
  const withHistory = await customerFirstPull(db, customer, pageSize)
  if (withHistory.rows !== CUSTOMER_PACKAGES || baseline.rows !== CUSTOMER_PACKAGES) {
    throw new Error(`the customer's pull moved ${withHistory.rows} packages (${baseline.rows} without the history), not ${CUSTOMER_PACKAGES}`)
  }
  measures.push(
    { name: `${label} customer 10k first pull, DB, no history`, value: seconds(baseline.ms), unit: 's' },
    { name: `${label} customer 10k first pull, DB, with history`, value: seconds(withHistory.ms), unit: 's' },
    { name: `${label}   with history / without`, value: withHistory.ms / baseline.ms, unit: '×' },
  )
  return measures
}

function loadMeasures(label: string, summary: HistorySummary): Measure[] {
  return [
    { name: `${label} load: ${summary.customers.toLocaleString('en')} customers, ${summary.events.toLocaleString('en')} events`, value: summary.seconds, unit: 's' },
    { name: `${label}   working set: open, or changed in 30 days`, value: summary.workingSet.packages, unit: 'pkgs' },
  ]
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL 15.

/** Pushes its measures to `out` as it takes them. */
async function onPostgres(scope: SuiteScope, packages: number, customers: number, pageSize: number, out: Measure[]): Promise<void> {
  const label = `PG15 ${sizeLabel(packages)}`
  execFileSync('bash', [join(repoRoot, 'scripts/ensure-postgres.sh')], { stdio: 'inherit' })
  log(`${label}: starting a throwaway PostgreSQL 15 (migrations and demo seed)…`)
  const cluster = await startCluster()
  const stopCluster = scope.defer(() => cluster.stop())
  try {
    const client = await cluster.connect()
    const closeClient = scope.defer(() => client.end())
    await client.query(await readFile(join(repoRoot, 'supabase/seed.sql'), 'utf8'))
    const db = postgresDb(client)
    const baseline = await baselineCustomerPull(db, pageSize)
    log(`${label}: loading ${packages.toLocaleString('en')} packages…`)
    const summary = await seedHistory(db.owner, { packages, customers, log: (line) => log(`${label} ${line.trim()}`) })
    out.push(...loadMeasures(label, summary))
    out.push(...(await databaseMeasures(db, label, summary, pageSize, baseline)))
    await closeClient()
  } finally {
    // Before the next part starts its own.
    await stopCluster()
  }
}

// ---------------------------------------------------------------------------------------------
// The stand-in, in the browser.

/** Which stream a request pulls (its RPC and part), if it is a pull. */
function streamOf(request: Request): (typeof STREAMS)[number] | undefined {
  if (request.method() !== 'POST') return undefined
  const rpcName = /\/rest\/v1\/rpc\/(pull_\w+)$/.exec(request.url())?.[1]
  if (!rpcName) return undefined
  const part = (request.postDataJSON() as { p_part?: string } | null)?.p_part
  return STREAMS.find((stream) => stream.rpc === rpcName && ('part' in stream ? stream.part === part : part === undefined))
}

/** Every pull answer the page receives: rows by stream, and which streams finished a pull (has_more false). */
function recordSync(page: Page) {
  const rows = Object.fromEntries(STREAMS.map(({ key }) => [key, 0])) as Record<StreamKey, number>
  const finished = { ...rows }
  /** Sent, and their answer not yet read. */
  const pending = new Set<Request>()
  let failure: { error: unknown } | undefined
  let stopped = false
  const fail = (error: unknown) => {
    if (!stopped) failure ??= { error }
  }
  const onRequest = (request: Request) => {
    if (streamOf(request)) pending.add(request)
  }
  /**
   * Answers finished while the first sync is timed, read only once it is: reading a body takes it
   * from the browser over the debugging protocol, work the device's share must not include.
   */
  let held: Request[] | null = []
  // Read once the whole answer is in ('requestfinished'), so reading it never waits on the network.
  const onFinished = (request: Request) => {
    if (!pending.has(request)) return
    if (held) held.push(request)
    else read(request)
  }
  const read = (request: Request) => {
    const stream = streamOf(request)!
    void (async () => {
      const response = await request.response()
      if (!response) throw new Error(`${request.url()}: no response`)
      const body = await response.text()
      if (!response.ok()) throw new Error(`${request.url()} answered ${response.status()}: ${body.slice(0, 200)}`)
      const parsed = JSON.parse(body) as Record<string, unknown> & { has_more?: boolean }
      rows[stream.key] += ((parsed[stream.rows] as unknown[] | undefined) ?? []).length
      if (!parsed.has_more) finished[stream.key]++
    })()
      .catch(fail)
      .finally(() => pending.delete(request))
  }
  const onFailed = (request: Request) => {
    if (!pending.delete(request)) return
    fail(new Error(`${request.url()} failed: ${request.failure()?.errorText ?? 'no response'}`))
  }
  page.on('request', onRequest)
  page.on('requestfinished', onFinished)
  page.on('requestfailed', onFailed)
  return {
    /** Reads the answers held while the first sync was timed, and every later one as it finishes. */
    readAnswers() {
      const answers = held ?? []
      held = null
      answers.forEach(read)
    },
    rows: () => ({ ...rows }),
    finished: () => ({ ...finished }),
    idle: () => pending.size === 0,
    check() {
      if (failure) throw failure.error
    },
    /** Where it stands, for an error message. */
    describe: () => `rows ${JSON.stringify(rows)}, finished pulls ${JSON.stringify(finished)}, ${pending.size} in flight`,
    stop() {
      stopped = true
      page.off('request', onRequest)
      page.off('requestfinished', onFinished)
      page.off('requestfailed', onFailed)
    },
  }
}

/** The admin's app at rest: live, not syncing, no pull in flight. */
async function atRest(page: Page, sync: ReturnType<typeof recordSync>): Promise<boolean> {
  sync.check()
  if (!sync.idle()) return false
  return page.evaluate(() => {
    const status = document.querySelector('[data-testid="connection-status"]')
    const live = document.querySelector('[data-testid="live-indicator"]')
    return Boolean(status) && !status!.textContent!.includes('Syncing') && live?.getAttribute('data-live') === 'true'
  })
}

/** Waits for `done`; a timeout says what the page and its requests were doing. */
async function untilOrExplain(page: Page, sync: ReturnType<typeof recordSync>, what: string, done: () => Promise<boolean>, timeoutMs: number) {
  try {
    await until(done, 50, timeoutMs)
  } catch (error) {
    if (!(error instanceof Error) || !error.message.includes('timed out')) throw error
    const shown = await page
      .evaluate(() => ({
        status: document.querySelector('[data-testid="connection-status"]')?.textContent ?? '(no connection status)',
        live: document.querySelector('[data-testid="live-indicator"]')?.getAttribute('data-live') ?? '(no live indicator)',
        alert: document.querySelector('[role="alert"]')?.textContent ?? '',
      }))
      .catch(() => ({ status: '?', live: '?', alert: '' }))
    throw new Error(
      `${what}: not done after ${timeoutMs / 1000} s at ${page.url()}: status "${shown.status}", live ${shown.live}${shown.alert ? `, alert "${shown.alert}"` : ''}; ${sync.describe()}`,
    )
  }
}

const total = (rows: Record<string, number>) => Object.values(rows).reduce((sum, n) => sum + n, 0)
const describeRows = (rows: Record<StreamKey, number>) =>
  `${rows.directory} customers, ${rows.packages}+${rows['closed-packages']} pkgs, ${rows.prealerts}+${rows['closed-prealerts']} prealerts, ${rows.profiles} admins`

interface BrowserSync extends FirstSync {
  loginToReadyMs: number
  rows: Record<StreamKey, number>
  stored: { packages: number; packageChunks: number; directory: number }
  indexedDbBytes: number | undefined
  usageBytes: number
  resyncRows: number
  resyncMs: number
}

/** The demo admin's first sync in a fresh browser context: the app's own timings, what came, what it stored, and a re-sync with nothing changed. */
async function browserFirstSync(browser: Browser, appUrl: string, label: string, profiled = false): Promise<BrowserSync> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  try {
    await recordLongTasks(context)
    const page = await context.newPage()
    const sync = recordSync(page)
    log(`${label}: the demo admin logs in (Chromium, production build)…`)
    const stopProfile = profiled ? await profileWhenAsked(page, `${label} device share`) : async () => {}
    const loginAt = performance.now()
    await logIn(page, appUrl, '/admin/login', demoAdmin)
    const figures = await firstSync(page)
    await stopProfile()
    const readyAt = performance.now()
    sync.readAnswers()
    await untilOrExplain(page, sync, 'the first sync', () => atRest(page, sync), 120_000)
    const rows = sync.rows()
    const stored = { packages: await countRows(page, 'packages'), packageChunks: await countRows(page, 'packageChunks'), directory: await countRows(page, 'directory') }
    const storage = await page.evaluate(async () => {
      const estimate = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: Record<string, number> }
      return { usage: estimate.usage ?? 0, indexedDB: estimate.usageDetails?.indexedDB }
    })

    // The tab shown again pulls every stream once more, from rest (as sync-pull.ts re-pulls).
    const before = sync.finished()
    const rowsBefore = total(sync.rows())
    const resyncAt = performance.now()
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await untilOrExplain(page, sync, 'the re-sync', async () => STREAMS.every(({ key }) => sync.finished()[key] > before[key]) && (await atRest(page, sync)), 120_000)
    const resyncMs = performance.now() - resyncAt
    sync.stop()
    return {
      ...figures,
      loginToReadyMs: readyAt - loginAt,
      rows,
      stored,
      indexedDbBytes: storage.indexedDB,
      usageBytes: storage.usage,
      resyncRows: total(sync.rows()) - rowsBefore,
      resyncMs,
    }
  } finally {
    await context.close()
  }
}

/** The desk's budget for its first stage: 2 s at a million packages, 1 s at a hundred thousand (DESIGN §7). */
const deskBudget = (packages: number) => (packages >= 1_000_000 ? 2 : 1)

function browserMeasures(label: string, packages: number, endToEnd: BrowserSync, replayed: BrowserSync | undefined, withoutDirectory: BrowserSync | undefined): Measure[] {
  const tasks = (run: BrowserSync, how: string): Measure => ({
    name: `${label}   longest main-thread task during the sync, ${how} (${run.longTasks} over 50 ms)`,
    value: run.longestTaskMs,
    unit: 'ms',
    budget: 200,
  })
  const measures: Measure[] = [
    { name: `${label} admin first sync, Chromium on the stand-in: desk usable`, value: seconds(endToEnd.deskMs), unit: 's' },
    {
      name: `${label}   whole working set, end to end`,
      value: seconds(endToEnd.workingSetMs),
      unit: 's',
      budget: 6,
      whyMissed: ["compare the device's share below (the server's answers replayed) and the DB time of the same pull: the device's IndexedDB writes, or the stand-in on the same cores?"],
    },
    tasks(endToEnd, 'end to end'),
    { name: `${label}   log in → working set ready`, value: seconds(endToEnd.loginToReadyMs), unit: 's' },
    { name: `${label}   rows: ${describeRows(endToEnd.rows)}`, value: total(endToEnd.rows), unit: 'rows' },
    {
      name: `${label}   IndexedDB (${endToEnd.stored.packages} package rows, ${endToEnd.stored.packageChunks} records of closed packages, ${endToEnd.stored.directory} of the directory)${endToEnd.indexedDbBytes === undefined ? ', origin' : ''}`,
      value: (endToEnd.indexedDbBytes ?? endToEnd.usageBytes) / 1e6,
      unit: 'MB',
    },
    { name: `${label} browser re-sync, nothing changed: rows`, value: endToEnd.resyncRows, unit: 'rows', budget: 0 },
    { name: `${label} browser re-sync, nothing changed: time`, value: seconds(endToEnd.resyncMs), unit: 's' },
  ]
  if (replayed) {
    measures.push(
      { name: `${label} the device's share (answers replayed): desk usable`, value: seconds(replayed.deskMs), unit: 's', budget: deskBudget(packages) },
      { name: `${label}   whole working set`, value: seconds(replayed.workingSetMs), unit: 's', budget: 4 },
      tasks(replayed, 'device share'),
    )
  }
  if (replayed && withoutDirectory) {
    measures.push({
      name: `${label}   the directory's share (${replayed.rows.directory} customers: with it − without)`,
      value: Math.max(0, seconds(replayed.workingSetMs - withoutDirectory.workingSetMs)),
      unit: 's',
      budget: 1,
    })
  }
  return measures
}

/** Pushes its measures to `out` as it takes them: a failure part-way keeps those taken before it. */
async function onStandIn(scope: SuiteScope, packages: number, customers: number, pageSize: number, out: Measure[]): Promise<void> {
  const label = `PGlite ${sizeLabel(packages)}`
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-history-'))
  // What this part opens closes before the next part starts (the next stand-in takes the same port).
  const closers = [scope.defer(() => rm(dataDir, { recursive: true, force: true }))]
  try {
    const kept = keptHistory(repoRoot, label)
    let load = await kept?.restore(dataDir)
    if (load) log(`${label}: starting from the history kept in ${kept!.folder} (its load took ${load.summary.seconds.toFixed(0)} s)`)
    else {
      // Loaded as `npm run seed:history` does: into the stand-in's folder while no stand-in has it open.
      log(`${label}: creating the stand-in's database (migrations and demo seed) in ${dataDir}…`)
      const { db: loading } = await openDatabase({ dataDir, seed: true })
      const closeLoading = scope.defer(() => loading.close())
      closers.push(closeLoading)
      const baseline = await baselineCustomerPull(pgliteDb(loading), pageSize)
      log(`${label}: loading ${packages.toLocaleString('en')} packages…`)
      const summary = await seedHistory(pgliteDb(loading).owner, { packages, customers, log: (line) => log(`${label} ${line.trim()}`) })
      await closeLoading()
      load = { summary, baseline }
      if (kept) {
        await kept.keep(dataDir, load)
        log(`${label}: kept in ${kept.folder} for the next runs`)
      }
    }
    if (process.env.BENCH_HISTORY_LOAD_ONLY === '1') return void out.push(...loadMeasures(label, load.summary))
    const { summary, baseline } = load

    log(`${label}: starting the stand-in on the history…`)
    const started = performance.now()
    const standIn = await startStandIn({ port: 0, dataDir, quiet: true, log: () => {}, auth: { rateLimitScale: 100 } })
    const startMs = performance.now() - started
    closers.push(scope.defer(() => standIn.close()))
    // The app (built for benchBackendPort) reaches the stand-in through it, both times.
    const answers = await startAnswerReplay(benchBackendPort, standIn.url)
    closers.push(scope.defer(() => answers.close()))
    const preview = await startPreview()
    const stopPreview = scope.defer(() => preview.stop())
    closers.push(stopPreview)
    out.push(...loadMeasures(label, summary), { name: `${label} stand-in start on the history`, value: seconds(startMs), unit: 's' })
    const browser = await chromium.launch(chromiumLaunchOptions())
    const closeBrowser = scope.defer(() => browser.close())
    closers.push(closeBrowser)
    // The database's figures are worth having even when the browser's could not be taken.
    let browserFailure: { error: unknown } | undefined
    try {
      const endToEnd = await browserFirstSync(browser, preview.url, label)
      log(`${label}: the same first sync, the server's answers replayed from memory…`)
      answers.replaying = true
      const replayed = await browserFirstSync(browser, preview.url, label, true)
      log(`${label}: and once more without the directory, to tell its share…`)
      answers.withoutDirectory = true
      const withoutDirectory = await browserFirstSync(browser, preview.url, label)
      const synced = browserMeasures(label, packages, endToEnd, replayed, withoutDirectory)
      // Printed at once too: the database's measures after them take minutes at a million.
      for (const { name, value, unit } of synced) log(`${name.trim()}: ${value.toFixed(2)} ${unit}`)
      out.push(...synced)
      if (answers.misses) out.push({ name: `${label}   pulls not recorded, answered by the stand-in while replaying`, value: answers.misses, unit: 'requests' })
    } catch (error) {
      browserFailure = { error }
      log(`${label}: the browser's first sync failed (${error instanceof Error ? error.message : String(error)}); the database's figures follow`)
    }
    await closeBrowser()
    await stopPreview()
    // The same pulls over HTTP from Node, one at a time: the stand-in and the wire without the device.
    log(`${label}: the same pulls over HTTP, from Node…`)
    const overHttp = await adminFirstPull(await httpRpc(standIn.url), pageSize)
    out.push({ name: `${label} admin first pull over HTTP, Node, no device`, value: seconds(overHttp.ms), unit: 's' })
    out.push(...(await databaseMeasures(pgliteDb(standIn.db), label, summary, pageSize, baseline)))
    if (browserFailure) throw browserFailure.error
  } finally {
    for (const close of closers.reverse()) await close()
  }
}

// ---------------------------------------------------------------------------------------------

export async function benchHistory(scope: SuiteScope): Promise<Measure[]> {
  const sizes = sizesAsked()
  const engines = enginesAsked()
  const pageSize = await appPageSize()
  const measures: Measure[] = []
  const failures: { part: string; error: unknown }[] = []
  // Each part on its own: one that fails (PostgreSQL 15 not installable, say) leaves the others' figures.
  const part = async (name: string, run: () => Promise<void>) => {
    const started = performance.now()
    try {
      await run()
      log(`${name} done in ${((performance.now() - started) / 1000).toFixed(0)} s`)
    } catch (error) {
      log(`${name} FAILED: ${error instanceof Error ? error.message : String(error)}`)
      failures.push({ part: name, error })
    }
  }
  for (const packages of sizes) {
    const customers = Math.max(10, Math.round(packages / 20))
    if (engines.postgres) await part(`PostgreSQL 15, ${sizeLabel(packages)}`, () => onPostgres(scope, packages, customers, pageSize, measures))
    if (engines.standin) await part(`stand-in (PGlite), ${sizeLabel(packages)}`, () => onStandIn(scope, packages, customers, pageSize, measures))
  }
  if (failures.length > 0) {
    if (measures.length > 0) printMeasures('A year of history (working set): the parts that finished', measures)
    const [first] = failures
    throw new Error(`${failures.map(({ part: name }) => name).join('; ')} failed; the first: ${first!.error instanceof Error ? first!.error.message : String(first!.error)}`, { cause: first!.error })
  }
  return measures
}
