// DESIGN §7: 1,000 status changes queued offline at the warehouse desk (one bulk action in the
// Packages screen), then replayed when the connection returns: ≤ 10 s, each recorded exactly once.
// Then the same with 30 % of the answers lost after the server committed (the fault proxy) and the
// tab killed once mid-way: nothing lost, nothing recorded twice.
import type { Page } from '@playwright/test'
import { countPackages, countRows, demoAdmin, logIn, seedCustomer, startBenchEnvironment, until, type BenchEnvironment } from './environment'
import type { Measure } from './measure'
import type { SuiteScope } from './runner'

const CHANGES = 1000
const LOSS_RATE = 0.3

/** Logs the demo admin in (no service worker: the page itself sends) and waits for the local copy. */
async function openDesk(env: BenchEnvironment, packages: number) {
  const context = await env.browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  await logIn(page, env.appUrl, '/admin/login', demoAdmin)
  await until(async () => (await countPackages(page)) >= packages)
  return { context, page }
}

/** Offline, every package of the customer moves to `status` in one action: one queued op each. */
async function queueChanges(page: Page, email: string, status: string) {
  await page.goto(`${page.url().split('/admin')[0]}/admin/packages`)
  const main = page.getByRole('main')
  await main.getByLabel('Search by tracking code, locker or customer email').fill(email)
  await main.getByRole('button', { name: `Select all ${CHANGES.toLocaleString('en')} matching` }).click()
  await main.getByLabel('New status').selectOption(status)
  await page.context().setOffline(true)
  await main.getByRole('button', { name: 'Change status' }).click()
  await until(async () => (await countRows(page, 'outbox')) === CHANGES)
}

/** For each of the customer's packages, how many events of `status` the server recorded. */
async function eventsPerPackage(env: BenchEnvironment, customerId: string, status: string): Promise<number[]> {
  const { rows } = await env.standIn.db.query<{ n: number }>(
    `select count(e.id)::int as n from public.packages p
     left join public.package_events e on e.package_id = p.id and e.status = $2 and e.outcome = 'applied'
     where p.user_id = $1 group by p.id`,
    [customerId, status],
  )
  return rows.map((row) => row.n)
}

async function replay(scope: SuiteScope, faults: boolean): Promise<Measure[]> {
  const env = await startBenchEnvironment(scope, { faultProxy: true })
  const customer = await seedCustomer(env, CHANGES)
  const status = 'transito'
  const desk = await openDesk(env, CHANGES + 6)
  const context = desk.context
  let page = desk.page
  await queueChanges(page, customer.email, status)

  const proxy = env.proxy!
  if (faults) {
    proxy.lossRate = LOSS_RATE
    proxy.matches = (method, path) => method === 'POST' && path.startsWith('/rest/v1/rpc/apply_package_status')
  }
  const started = performance.now()
  await context.setOffline(false)
  let killed = 0
  if (faults) {
    // Killed mid-way (closed with no unload handlers: in-flight answers never land); the admin opens the desk again.
    await until(async () => (await countRows(page, 'outbox')) <= CHANGES / 2)
    await page.close({ runBeforeUnload: false })
    killed++
    page = await context.newPage()
    await page.goto(`${env.appUrl}/admin/packages`)
  }
  await until(async () => (await countRows(page, 'outbox')) === 0, 50, 300_000)
  const replayMs = performance.now() - started
  const perPackage = await eventsPerPackage(env, customer.id, status)
  await env.close()

  const label = faults ? `with ${LOSS_RATE * 100} % of answers lost and the tab killed once` : 'replay'
  return [
    ...(faults
      ? [
          { name: `${label}: time`, value: replayMs / 1000, unit: 's' },
          { name: '  answers lost after the server committed', value: proxy.lost, unit: 'answers' },
          { name: '  tabs killed mid-way', value: killed, unit: 'tabs' },
        ]
      : [{ name: `replay ${CHANGES.toLocaleString('en')} queued status changes`, value: replayMs / 1000, unit: 's', budget: 10 }]),
    { name: '  changes lost (no event on the server)', value: perPackage.filter((n) => n === 0).length, unit: 'ops', budget: 0 },
    { name: '  changes recorded twice or more', value: perPackage.filter((n) => n > 1).length, unit: 'ops', budget: 0 },
    { name: '  server events per change (min–max)', value: Math.max(...perPackage), unit: `max, min ${Math.min(...perPackage)}` },
  ]
}

export async function benchOutboxReplay(scope: SuiteScope): Promise<Measure[]> {
  return [...(await replay(scope, false)), ...(await replay(scope, true))]
}
