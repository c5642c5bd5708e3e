import { expect, test, withServiceWorker } from './fixtures'
import { demoAdmin, logInThroughUi } from './backend'
import { waitForServiceWorker } from './service-worker'

// The demo data's past customer, historia@example.com, has three packages delivered a year ago:
// outside the admin's working set, so never on the admin's device until the desk asks for them
// (the customer is, in the directory: directory.spec.ts). This test only reads them, so it holds on
// a backend every spec shares.

const pastCustomer = 'historia@example.com'
const searchLabel = 'Search by tracking code, locker or customer email'
/** How long the app may take to notice that requests fail (it probes the backend, with backoff). */
const noticed = { timeout: 15_000 }

test('an old package is found in the whole history, opened into the device, and opens again offline', withServiceWorker, async ({ page, context }) => {
  await logInThroughUi(page, '/admin/login', demoAdmin)
  await waitForServiceWorker(page)
  await page.goto('/admin/packages')
  const main = page.getByRole('main')
  await main.getByLabel(searchLabel).fill('hist2025')
  await expect(main.getByText('No package matches these filters.')).toBeVisible()
  const history = main.getByRole('region', { name: 'In the whole history' })
  await expect(history.getByTestId('history-row')).toHaveCount(3)
  for (const row of await history.getByTestId('history-row').all()) {
    await expect(row).toContainText('From the history')
    await expect(row).toContainText(pastCustomer)
    await expect(row).toContainText('Delivered')
  }

  await history.getByRole('button', { name: 'Open HIST2025000001' }).click()
  await expect(page).toHaveURL(/\/en\/admin-panel\?customer=/)
  await expect(main.getByTestId('found-customer')).toContainText(pastCustomer)
  // Other specs may give the past customer new packages: this one is among theirs.
  await expect(main.getByTestId('admin-package').filter({ hasText: 'HIST2025000001' })).toHaveCount(1)

  await context.setOffline(true)
  await page.goto('/admin/packages')
  await main.getByLabel(searchLabel).fill('hist2025')
  await expect(main.getByTestId('package-row')).toHaveCount(1)
  await expect(main.getByTestId('package-row')).toContainText('HIST2025000001')
  await expect(main.getByTestId('history-offline')).toHaveText('Only what is on this device is listed: searching the older history needs a connection.', noticed)
  await context.setOffline(false)
})
