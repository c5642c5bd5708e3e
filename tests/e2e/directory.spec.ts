import type { Page } from '@playwright/test'
import { expect, serviceWorkerAllowed, test, withServiceWorker } from './fixtures'
import { backendUrl, demoAdmin, logInThroughUi, newCustomer, signedIn } from './backend'
import { typeLikeAScanner } from './scanner-keys'
import { waitForServiceWorker } from './service-worker'

// Every customer is on the admin's device (the directory), so the desk finds a customer idle for a
// year offline, the way a label reads: by locker code, email or name. The demo data's past customer,
// historia@example.com ("Historia Demo"), has had no activity for a year.

const pastCustomer = { email: 'historia@example.com', name: 'Historia Demo' }
const finderLabel = 'Customer email, locker code, name or phone'
/** How long the app may take to notice that requests fail (it probes the backend, with backoff). */
const noticed = { timeout: 15_000 }
const unique = (prefix: string) => `${prefix}${Date.now()}${Math.floor(Math.random() * 1000)}`

async function lockerOf(email: string): Promise<string> {
  const admin = await signedIn(demoAdmin)
  const { data: profile } = await admin.from('profiles').select('id').eq('email', email).single()
  const { data: locker } = await admin.from('lockers').select('code').eq('user_id', profile!.id).single()
  return (locker as { code: string }).code
}

/** The package tool, once the first sync is in and the live channel joined (and, in a test that goes offline, the service worker in control). */
async function packageTool(page: Page) {
  await logInThroughUi(page, '/admin/login', demoAdmin)
  if (serviceWorkerAllowed()) await waitForServiceWorker(page)
  await page.goto('/en/admin-panel')
  await expect(page.getByTestId('sync-arriving')).toBeHidden()
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true')
  return page.getByRole('main')
}

test('offline, the package tool finds a customer idle for a year by email, locker code and name, and a package for them reaches the server once', withServiceWorker, async ({ page, context }) => {
  const locker = await lockerOf(pastCustomer.email)
  const main = await packageTool(page)
  await context.setOffline(true)
  await expect(page.getByTestId('offline-indicator')).toBeVisible(noticed)
  const finder = main.getByLabel(finderLabel)
  const found = main.getByTestId('found-customer')

  await finder.fill(pastCustomer.email.toUpperCase())
  await main.getByRole('button', { name: 'Search' }).click()
  await expect(found).toContainText(pastCustomer.email)

  for (const printed of [`Suite ${locker}`, locker.toLowerCase(), locker.slice(3)]) {
    await finder.fill(printed)
    await main.getByRole('button', { name: 'Search' }).click()
    await expect(found).toContainText(locker)
  }

  await finder.fill('histo dem')
  await main.getByRole('button', { name: new RegExp(`${pastCustomer.name}.*${locker}`) }).click()
  await expect(found).toContainText(pastCustomer.email)

  const tracking = unique('PAST')
  await main.getByLabel('Tracking code').fill(tracking)
  await main.getByRole('button', { name: 'Create package' }).click()
  await expect(page.getByText('Package created.')).toBeVisible()
  await expect(page.getByTestId('outbox-pending')).toHaveText('1')

  await context.setOffline(false)
  await expect(page.getByTestId('outbox-pending')).toHaveText('0', noticed)
  const admin = await signedIn(demoAdmin)
  const { data } = await admin.from('packages').select('id, user_id, locker_code').eq('tracking_code', tracking)
  expect(data).toHaveLength(1)
  expect(data![0]).toMatchObject({ locker_code: locker })
})

test('the finder lists matches as the admin types, says when nobody matches, and a scanner reading a locker code picks its customer', async ({ page }) => {
  const surname = unique('Ñandú')
  const customer = await newCustomer(`Zoë ${surname}`)
  const locker = await lockerOf(customer.email)
  const main = await packageTool(page)
  const finder = main.getByLabel(finderLabel)

  // Live: a customer who signed up a moment ago is already in the directory.
  await finder.fill(`zoe ${surname.replace('Ñ', 'n')}`)
  const match = main.getByRole('button', { name: new RegExp(`Zoë ${surname}.*${locker}`) })
  await expect(match).toBeVisible()
  await expect(main.getByText('1 customer matches.')).toBeVisible()

  await finder.fill(unique('nobody-'))
  await main.getByRole('button', { name: 'Search' }).click()
  await expect(finder).toHaveAccessibleDescription('User not found.')

  await finder.fill('')
  await finder.focus()
  await typeLikeAScanner(page, locker)
  await expect(main.getByTestId('found-customer')).toContainText(customer.email)

  // The label's other barcode, scanned into the tracking code: its customer, the code left as it was.
  await finder.fill(pastCustomer.email)
  await main.getByRole('button', { name: 'Search' }).click()
  await expect(main.getByTestId('found-customer')).toContainText(pastCustomer.email)
  await main.getByLabel('Tracking code').focus()
  await typeLikeAScanner(page, `Suite ${locker}`)
  await expect(main.getByTestId('found-customer')).toContainText(customer.email)
  await expect(main.getByLabel('Tracking code')).toHaveValue('')
})

test('a customer who signs up while the package tool is open appears in it within seconds', async ({ page }) => {
  const main = await packageTool(page)
  const customer = await newCustomer('Recién Llegada')
  await main.getByLabel(finderLabel).fill(customer.email)
  await expect(main.getByRole('button', { name: new RegExp(customer.email.replace('.', '\\.')) })).toBeVisible({ timeout: 10_000 })
})

test('the desk works while the last 30 days still arrive: the header says so, and a customer is found and a package queued', async ({ page }) => {
  // The part of the working set that closed lately waits until the test lets it through.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(`${backendUrl}/rest/v1/rpc/pull_*`, async (route) => {
    if ((route.request().postDataJSON() as { p_part?: string } | null)?.p_part === 'closed') await held
    await route.continue()
  })
  await logInThroughUi(page, '/admin/login', demoAdmin)
  await page.goto('/en/admin-panel')
  const arriving = page.getByTestId('sync-arriving')
  await expect(arriving).toHaveAttribute('data-stage', 'recent')
  await expect(arriving.getByRole('status')).toHaveText('Still arriving: the last 30 days…')
  await expect(arriving.getByRole('progressbar', { name: 'Still arriving: the last 30 days…' })).toBeVisible()

  const main = page.getByRole('main')
  await main.getByLabel(finderLabel).fill(pastCustomer.email)
  await main.getByRole('button', { name: 'Search' }).click()
  await expect(main.getByTestId('found-customer')).toContainText(pastCustomer.email)

  release()
  await expect(arriving).toBeHidden()
})

test('the users page lists every customer, a year idle too, found offline by name and locker code', withServiceWorker, async ({ page, context }) => {
  const locker = await lockerOf(pastCustomer.email)
  await logInThroughUi(page, '/admin/login', demoAdmin)
  await waitForServiceWorker(page)
  await page.goto('/admin/users')
  const main = page.getByRole('main')
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true')
  await context.setOffline(true)
  await expect(page.getByTestId('connection-status')).toHaveText('Offline', noticed)
  const search = main.getByLabel('Search by name, email or role')
  for (const query of ['historia', 'HISTORIA DEMO', `Suite ${locker}`]) {
    await search.fill(query)
    await expect(main.getByTestId('user-row')).toHaveCount(1)
    await expect(main.getByTestId('user-row')).toContainText(pastCustomer.email)
  }
  await main.getByRole('button', { name: `Edit ${pastCustomer.email}` }).click()
  await expect(page.getByRole('dialog').getByLabel('Full name')).toHaveValue(pastCustomer.name)
  await context.setOffline(false)
})
