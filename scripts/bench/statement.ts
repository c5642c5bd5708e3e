// Issue 46: a customer's statement of 5,000 lines renders offline in ≤ 300 ms (production build,
// Chromium, the bench's stand-in). The customer's lines are posted by the database's own writer
// (post_account_entry), pulled by the app once, and the statement visited once online; then, offline,
// the time from the click on "Statement" to its balance and first page of lines on screen, median of 5.
import type { Page } from '@playwright/test'
import { countRows, logIn, seedCustomer, startBenchEnvironment, until } from './environment'
import type { Measure } from './measure'
import type { SuiteScope } from './runner'

const LINES = 5_000
const RUNS = 5
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** From the account tab: clicks "Statement" and waits in the page for the balance and the first page of lines; ms between. */
async function openStatementMs(page: Page): Promise<number> {
  const link = page.getByRole('link', { name: /^Statement/ })
  await link.waitFor()
  const started = await page.evaluate(() => performance.now())
  await link.click()
  const shownAt = await page.waitForFunction(
    () => document.querySelector('[data-testid="account-balance"]') && document.querySelectorAll('[data-testid="statement-line"]').length > 0 && performance.now(),
    undefined,
    { timeout: 60_000, polling: 'raf' },
  )
  return ((await shownAt.jsonValue()) as number) - started
}

export async function benchStatement(scope: SuiteScope): Promise<Measure[]> {
  const env = await startBenchEnvironment(scope)
  const customer = await seedCustomer(env, 0)
  // Charges and payments in turn, each posted as the app's functions post them; their notifications
  // would only slow the pull down.
  await env.standIn.db.query(
    `select public.post_account_entry('bench:' || i, $1, case when i % 2 = 0 then 'payment' else 'shipment_charge' end,
       case when i % 2 = 0 then -1000 else 1500 end, p_method => case when i % 2 = 0 then 'cash' end, p_reference => 'Caja ' || i)
     from generate_series(1, $2::int) as i`,
    [customer.id, LINES],
  )
  await env.standIn.db.query('delete from public.notifications where user_id = $1', [customer.id])

  const context = await env.browser.newContext({ serviceWorkers: 'block' })
  scope.defer(() => context.close())
  const page = await context.newPage()
  await logIn(page, env.appUrl, '/en/login', customer)
  await until(async () => (await countRows(page, 'accountEntries')) === LINES, 100)
  // One visit online loads the statement's code; then everything comes from the device.
  await page.goto(`${env.appUrl}/en/dashboard/account`)
  await openStatementMs(page)
  await page.getByRole('link', { name: 'Back to my account' }).click()
  await context.setOffline(true)
  const runs: number[] = []
  for (let run = 0; run < RUNS; run++) {
    runs.push(await openStatementMs(page))
    await page.getByRole('link', { name: 'Back to my account' }).click()
  }
  await env.close()
  return [{ name: `Statement of ${LINES.toLocaleString('en')} lines, opened offline (median of ${RUNS})`, value: median(runs), unit: 'ms', budget: 300 }]
}
