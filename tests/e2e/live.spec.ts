import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures'
import { backendUrl, logInThroughUi, newCustomer, registerPackageFor } from './backend'

test("an open customer dashboard shows the warehouse's change live: no reload, no poll", async ({ page }) => {
  const customer = await newCustomer('Live Test')
  const tracking = `LIVE-${randomUUID().slice(0, 8)}`
  const { admin, pkg } = await registerPackageFor(customer.email, { tracking_code: tracking })
  await logInThroughUi(page, '/en/login', customer)
  const card = page.getByTestId('package').filter({ hasText: tracking })
  await expect(card).toContainText('Received in Miami')
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true')

  const pulls: number[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(`${backendUrl}/rest/v1/rpc/pull_packages`)) pulls.push(Date.now())
  })
  const changedAt = Date.now()
  const { error } = await admin.rpc('apply_package_status', {
    p_op_id: randomUUID(),
    p_package_id: pkg.id,
    p_status: 'transito',
    p_changed_at: new Date().toISOString(),
    p_base_version: pkg.version,
  })
  expect(error).toBeNull()
  // Well inside the 30 s poll, which is off anyway while the channel is joined.
  await expect(card).toContainText('In transit', { timeout: 3000 })
  expect(pulls.length).toBeGreaterThanOrEqual(1)
  expect(pulls[0]! - changedAt).toBeLessThan(2000)
})

test('after the connection comes back the dashboard is live again', async ({ page, context }) => {
  const customer = await newCustomer('Live Reconnect')
  await logInThroughUi(page, '/es/login', customer, 'es')
  const indicator = page.getByTestId('live-indicator')
  await expect(indicator).toHaveText('En vivo')
  await context.setOffline(true)
  await expect(page.getByTestId('sync-line')).toContainText('Sin conexión')
  await context.setOffline(false)
  await expect(indicator).toHaveAttribute('data-live', 'true', { timeout: 15_000 })
})
