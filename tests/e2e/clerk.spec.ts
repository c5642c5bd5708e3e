import { expect, test } from './fixtures'
import { demoAdmin, logInThroughUi, newCustomer, signedIn } from './backend'
import { openCustomer } from './package-tool'

// The desk clerk of the demo (supabase/seed.sql): the desk's work, and nothing of the manager's offered.

const demoClerk = { email: 'clerk@example.com', password: 'clerk-demo-password' }

test('a clerk registers a package at the desk, is offered no rates, reports, users or audit log, and /admin/rates says it is for managers', async ({ page }) => {
  const customer = await newCustomer()
  const tracking = `CLERK-${Math.random().toString(36).slice(2, 8).toUpperCase()}`
  await logInThroughUi(page, '/admin/login', demoClerk)
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByTestId('admin-identity')).toContainText('Desk clerk')
  const nav = page.getByRole('navigation', { name: 'Admin sections' })
  for (const section of ['Dashboard', 'Packages', 'Shipments', 'Package tool']) await expect(nav.getByRole('link', { name: section, exact: true })).toBeVisible()
  for (const section of ['Users', 'Rates', 'Content', 'Reports', 'Receivables', 'Audit log']) await expect(nav.getByRole('link', { name: section, exact: true })).toHaveCount(0)

  await openCustomer(page, customer.email)
  const main = page.getByRole('main')
  await main.getByLabel('Tracking code').fill(tracking)
  await main.getByLabel('Weight (kg)').fill('2.5')
  await main.getByRole('button', { name: 'Create package' }).click()
  await expect(page.getByTestId('toast').first()).toContainText('Package created.')
  await expect(page.getByTestId('outbox-pending').first()).toHaveText('0')
  const { data: created } = await (await signedIn(demoAdmin)).from('packages').select('user_id, weight_kg').eq('tracking_code', tracking)
  expect(created).toEqual([{ user_id: customer.id, weight_kg: 2.5 }])
  // The desk records payments; credits, adjustments and refunds are the manager's.
  await expect(main.getByRole('button', { name: 'Record payment' })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Grant credit' })).toHaveCount(0)
  await expect(main.getByRole('button', { name: 'Post adjustment' })).toHaveCount(0)

  for (const section of ['rates', 'audit', 'users']) {
    await page.goto(`/admin/${section}`)
    await expect(main.getByRole('heading', { name: 'Only managers', level: 1 })).toBeVisible()
    await expect(main.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/admin')
  }
})
