import { type BrowserContext } from '@playwright/test'
import { expect, test, withServiceWorker } from './fixtures'
import { backendUrl, demoAdmin, expireStoredSession, forgetLocalProfile, logInThroughUi, newCustomer, registerPackageFor } from './backend'
import { waitForServiceWorker } from './service-worker'

// Spotty Wi-Fi is mostly a browser that says it is online while requests hang or fail. Local
// screens render the local copy at once whatever the network does; the connectivity shown comes
// from what requests actually do. Screens get 8 s here against backend requests that hang forever
// (a screen waiting for them would never show, or show only after the 10 s request timeout); how
// fast they really show is for the benchmarks, not for a test on a machine of unknown speed.

const localFirst = { timeout: 8_000 }

/** Every backend request (page and service worker) gets no answer at all, ever. */
const hangBackend = (context: BrowserContext) => context.route(`${backendUrl}/**`, () => undefined)
/** Every backend request is answered 503, as a struggling gateway would. */
const failBackend = (context: BrowserContext) => context.route(`${backendUrl}/**`, (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }))

async function customerWithPackages() {
  const customer = await newCustomer()
  await registerPackageFor(customer.email, { tracking_code: 'LOCAL-1' })
  await registerPackageFor(customer.email, { tracking_code: 'LOCAL-2' })
  return customer
}

test.describe('the customer dashboard never waits for the network', () => {
  test('requests hanging: the local packages show at once, then the connection is shown as lost', withServiceWorker, async ({ page, context }) => {
    const customer = await customerWithPackages()
    await logInThroughUi(page, '/en/login', customer)
    await expect(page.getByTestId('package')).toHaveCount(2)
    // The profile is pulled after the packages: on the device before the backend goes quiet.
    await expect(page.getByTestId('locker-code')).toHaveText(/^MIA\d{6}$/)
    await waitForServiceWorker(page)

    await hangBackend(context)
    await expireStoredSession(page)
    await page.reload()
    await expect(page.getByTestId('package')).toHaveCount(2, localFirst)
    await expect(page.getByTestId('locker-code')).toHaveText(/^MIA\d{6}$/, localFirst)
    await expect(page.getByTestId('offline-indicator')).toBeVisible({ timeout: 15_000 })
    await expect(page.getByTestId('sync-line')).toContainText('Offline')
  })

  test('requests failing with 503: the local packages show at once', async ({ page, context }) => {
    const customer = await customerWithPackages()
    await logInThroughUi(page, '/en/login', customer)
    await expect(page.getByTestId('package')).toHaveCount(2)
    await failBackend(context)
    await expireStoredSession(page)
    await page.reload()
    await expect(page.getByTestId('package')).toHaveCount(2, localFirst)
    await expect(page.getByTestId('package').first()).toContainText('LOCAL-')
  })

  test('offline, whatever navigator.onLine says after the reload: the local packages show at once', withServiceWorker, async ({ page, context }) => {
    const customer = await customerWithPackages()
    await logInThroughUi(page, '/en/login', customer)
    await expect(page.getByTestId('package')).toHaveCount(2)
    await waitForServiceWorker(page)
    await expireStoredSession(page)
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByTestId('package')).toHaveCount(2, localFirst)
    await expect(page.getByTestId('offline-indicator')).toBeVisible({ timeout: 15_000 })
    await context.setOffline(false)
  })

  test('requests hanging before the profile’s first pull landed: the session still restores from this device', async ({ page, context }) => {
    const customer = await customerWithPackages()
    await logInThroughUi(page, '/en/login', customer)
    await expect(page.getByTestId('package')).toHaveCount(2)

    await hangBackend(context)
    await forgetLocalProfile(page)
    await expireStoredSession(page)
    await page.reload()
    await expect(page.getByTestId('package')).toHaveCount(2, localFirst)
  })
})

test('requests hanging before the admin’s profile was pulled: the desk still opens from this device', async ({ page, context }) => {
  await logInThroughUi(page, '/admin/login', demoAdmin)
  await page.goto('/en/admin-panel')
  const main = page.getByRole('main')
  await expect(main.getByLabel('Customer email')).toBeVisible()

  await hangBackend(context)
  await forgetLocalProfile(page)
  await expireStoredSession(page)
  await page.reload()
  await expect(main.getByLabel('Customer email')).toBeVisible(localFirst)
  await expect(page).toHaveURL(/\/en\/admin-panel$/)
})

test('the warehouse desk works while every request hangs, and sends everything once they answer again', withServiceWorker, async ({ page, context }) => {
  const customer = await customerWithPackages()
  await logInThroughUi(page, '/admin/login', demoAdmin)
  await waitForServiceWorker(page)
  await page.goto('/en/admin-panel')
  // The customer and their packages are in this device's copy: the tool finds them while online.
  const main = page.getByRole('main')
  await main.getByLabel('Customer email').fill(customer.email)
  await main.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByTestId('admin-package')).toHaveCount(2)

  await hangBackend(context)
  await expireStoredSession(page)
  await page.reload()
  await main.getByLabel('Customer email').fill(customer.email, localFirst)
  await main.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByTestId('admin-package')).toHaveCount(2, localFirst)
  await main.getByLabel('Status of LOCAL-1').selectOption('transito')
  await main.getByLabel('Tracking code').fill('HUNG-1')
  await main.getByRole('button', { name: 'Create package' }).click()
  await expect(page.getByTestId('admin-package')).toHaveCount(3)
  await expect(page.getByTestId('outbox-pending')).toHaveText('2')
  await expect(page.getByTestId('connection-status')).toHaveText('Offline', { timeout: 15_000 })

  // Answers come back: the engine was not wedged by the requests that never answered.
  await context.unrouteAll({ behavior: 'ignoreErrors' })
  await expect(page.getByTestId('outbox-pending')).toHaveText('0', { timeout: 5_000 })
  await expect(page.getByTestId('connection-status')).not.toHaveText('Offline')
})
