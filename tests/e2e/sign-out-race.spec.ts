import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { backendUrl, demoAdmin, logInThroughUi, newCustomer, registerPackageFor, serviceClient, signedIn } from './backend'

const rowsPerRequest = 100

/**
 * Gives a customer `count` packages, 100 per request: the stand-in the specs share answers nothing
 * else while it writes a request's rows. A thousand at a time held other tests' health probes past
 * their 5 s, and 250 at a time, on a busy machine, another test's sign-in past its 10 s: their apps
 * called themselves offline. Each package tells its customer it arrived; those notifications go as
 * they come (only the service role may delete them), so the stand-in's webhook finds nothing to post
 * to send-push, which would have cost a few REST requests apiece ahead of every other test's.
 */
async function givePackages(userId: string, count: number) {
  const admin = await signedIn(demoAdmin)
  const service = serviceClient()
  for (let done = 0; done < count; done += rowsPerRequest) {
    const rows = Array.from({ length: Math.min(rowsPerRequest, count - done) }, (_, i) => ({ user_id: userId, tracking_code: `RACE-${done + i}`, weight_kg: 1 }))
    const { error } = await admin.from('packages').insert(rows)
    if (error) throw error
    const { error: notificationsError } = await service.from('notifications').delete().eq('user_id', userId)
    if (notificationsError) throw notificationsError
  }
}

/**
 * Deletes (softly, as the desk does) what `givePackages` gave, as many per request: thousands of open
 * packages left behind would be pulled by the first sync of every admin test that runs after this one.
 */
async function removePackages(userId: string) {
  // The service role: deleting a package is a manager's sensitive action, asked for a code.
  const admin = serviceClient()
  for (;;) {
    const { data, error } = await admin.from('packages').select('id').eq('user_id', userId).is('deleted_at', null).limit(rowsPerRequest)
    if (error) throw error
    if (data.length === 0) return
    const { error: deleteError } = await admin.from('packages').update({ deleted_at: new Date().toISOString() }).in('id', data.map(({ id }) => id as string))
    if (deleteError) throw deleteError
  }
}

/** What this device holds, by owner: packages (rows, and those kept many to a record) and profiles per user id. */
function localRows(page: Page) {
  return page.evaluate(async () => {
    const open = indexedDB.open('casillero')
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)))
    const all = <T,>(store: string) =>
      new Promise<T[]>((resolve) => {
        const request = db.transaction(store).objectStore(store).getAll()
        request.onsuccess = () => resolve(request.result as T[])
      })
    const rows = await all<{ user_id: string }>('packages')
    const chunks = await all<{ rows: string }>('packageChunks')
    const profiles = await all<{ id: string }>('profiles')
    db.close()
    const packages = [...rows, ...chunks.flatMap((chunk) => JSON.parse(chunk.rows) as { user_id: string }[])]
    const byUser: Record<string, number> = {}
    for (const { user_id } of packages) byUser[user_id] = (byUser[user_id] ?? 0) + 1
    return { packages: byUser, profiles: profiles.map((profile) => profile.id) }
  })
}

let raced: string | undefined
test.afterEach(async () => {
  if (raced) await removePackages(raced)
})

/** A pull of two pages (1,000 rows a page, src/sync-engine/pull.ts, and one more): the first lands, the second is still on its way. */
const racedPackages = 1001

test('signing out in the middle of a pull leaves nothing of that customer on the device, and the next one reaches their dashboard', async ({ page }) => {
  // Seeding a thousand packages while another test works the shared stand-in took 78 s of it on a machine at load 19.
  test.setTimeout(120_000)
  const first = await newCustomer('Race First')
  raced = first.id
  await givePackages(first.id, racedPackages)
  const second = await newCustomer('Race Second')
  await registerPackageFor(second.email, { tracking_code: 'SECOND-1' })

  // A pull's first page arrives at once; the pages after it, as on a slow connection, only once the
  // customer has clicked Log out: they reach the page while it signs out. The test knows when each
  // has been delivered or dropped.
  let clickedLogOut!: () => void
  const loggingOut = new Promise<void>((resolve) => (clickedLogOut = resolve))
  let pagesOnTheirWay = 0
  await page.route(`${backendUrl}/rest/v1/rpc/pull_packages`, async (route) => {
    pagesOnTheirWay += 1
    try {
      const response = await route.fetch()
      if ((route.request().postDataJSON() as { p_since: string | null }).p_since !== null) await loggingOut
      await route.fulfill({ response })
    } catch {
      // The page aborted the request (it signed out): nothing to deliver.
    } finally {
      pagesOnTheirWay -= 1
    }
  })

  await logInThroughUi(page, '/en/login', first)
  await expect(page).toHaveURL(/\/en\/dashboard$/)
  // The first page has landed; the second is still on its way.
  await expect.poll(async () => (await localRows(page)).packages[first.id] ?? 0, { timeout: 30_000 }).toBeGreaterThan(0)
  expect((await localRows(page)).packages[first.id]).toBeLessThan(racedPackages)
  await expect.poll(() => pagesOnTheirWay, { message: 'the next page was asked for and is held back' }).toBe(1)

  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click()
  clickedLogOut()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible()
  await logInThroughUi(page, '/en/login', second)
  await expect(page).toHaveURL(/\/en\/dashboard$/)
  await expect(page.getByTestId('package')).toContainText('SECOND-1', { timeout: 15_000 })

  // Every page of the first customer's pull has been delivered or dropped by now.
  await expect.poll(() => pagesOnTheirWay, { timeout: 15_000 }).toBe(0)
  const rows = await localRows(page)
  expect(rows.packages).toEqual({ [second.id]: 1 })
  expect(rows.profiles).toEqual([second.id])
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible()
})
