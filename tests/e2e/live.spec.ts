import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test, withServiceWorker } from './fixtures'
import { backendUrl, expireStoredSession, logInThroughUi, newClient, newCustomer, registerPackageFor } from './backend'
import { waitForServiceWorker } from './service-worker'

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
  // Well inside the 30 s poll, which is off anyway while the channel is joined. How fast it comes is
  // for the benchmarks: at load 19 on 2 cores the pull began 2 s after the change.
  await expect(card).toContainText('In transit', { timeout: 10_000 })
  expect(pulls.length).toBeGreaterThanOrEqual(1)
  expect(pulls[0]! - changedAt).toBeLessThan(10_000)
})

test('after the connection comes back the dashboard is live again', withServiceWorker, async ({ page, context }) => {
  const customer = await newCustomer('Live Reconnect')
  await logInThroughUi(page, '/es/login', customer, 'es')
  const indicator = page.getByTestId('live-indicator')
  await expect(indicator).toHaveText('En vivo')
  await context.setOffline(true)
  await expect(page.getByTestId('sync-line')).toContainText('Sin conexión')
  await context.setOffline(false)
  await expect(indicator).toHaveAttribute('data-live', 'true', { timeout: 15_000 })
})

/** A Realtime frame (serializer 2.0.0: `[join_ref, ref, topic, event, payload]`). */
type Frame = [string | null, string | null, string, string, Record<string, unknown>]
const parse = (message: string | Buffer): Frame | null => {
  try {
    const frame = JSON.parse(message.toString()) as unknown
    return Array.isArray(frame) && frame.length === 5 ? (frame as Frame) : null
  } catch {
    return null
  }
}

/**
 * Sits between the page and the stand-in's Realtime socket: every frame passes, and the test sees
 * each channel join's payload. While `refusing()` says so, the confirmation of the subscriptions is
 * replaced by the refusal Realtime sends an anonymous subscriber; `joins.refused` counts those.
 * (Whether a join is refused is known only when its confirmation comes, after the join was seen.)
 */
async function watchJoins(page: Page, refusing: () => boolean = () => false) {
  const joins: Record<string, unknown>[] & { refused: number } = Object.assign([], { refused: 0 })
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
    const server = ws.connectToServer()
    ws.onMessage((message) => {
      const frame = parse(message)
      if (frame?.[3] === 'phx_join' && frame[2] !== 'phoenix') joins.push(frame[4])
      server.send(message)
    })
    server.onMessage((message) => {
      const frame = parse(message)
      if (frame?.[3] === 'system' && frame[4].extension === 'postgres_changes' && refusing()) {
        ws.send(JSON.stringify([frame[0], null, frame[2], 'system', { ...frame[4], status: 'error', message: 'invalid column for filter user_id' }]))
        joins.refused++
        return
      }
      ws.send(message)
    })
  })
  return joins
}

/** Every join carried the customer's own access token, never none or the anonymous key. */
async function expectJoinedAs(joins: Record<string, unknown>[], customer: { email: string; password: string }) {
  const { data } = await newClient().auth.signInWithPassword(customer)
  expect(joins.length).toBeGreaterThan(0)
  for (const join of joins) {
    expect(join.access_token).toEqual(expect.any(String))
    const claims = JSON.parse(Buffer.from(String(join.access_token).split('.')[1]!, 'base64url').toString()) as { sub?: string; role?: string }
    expect(claims).toMatchObject({ sub: data.user!.id, role: 'authenticated' })
  }
}

test('"Live" only once the server confirmed the subscriptions: joined with the user’s token, refused means not live and a new join', async ({ page }) => {
  const customer = await newCustomer('Live Honest')
  let refusing = true
  const joins = await watchJoins(page, () => refusing)
  await logInThroughUi(page, '/en/login', customer)
  const indicator = page.getByTestId('live-indicator')
  // Refused, then joined again (after 1 s) and refused again: never live meanwhile.
  await expect.poll(() => joins.refused).toBeGreaterThanOrEqual(2)
  await expect(indicator).toHaveAttribute('data-live', 'false')
  await expect(indicator).toHaveText('Reconnecting…')
  // The next join is confirmed: live, by a join of its own after those refused.
  refusing = false
  await expect(indicator).toHaveAttribute('data-live', 'true')
  expect(joins.length).toBeGreaterThan(joins.refused)
  await expectJoinedAs(joins, customer)
})

test('a dashboard restored while every request hangs is live again once they answer, and changes reach it without a reload', withServiceWorker, async ({ page, context }) => {
  const customer = await newCustomer('Live Restored')
  const tracking = `LIVE-${randomUUID().slice(0, 8)}`
  const { admin, pkg } = await registerPackageFor(customer.email, { tracking_code: tracking })
  await logInThroughUi(page, '/en/login', customer)
  const card = page.getByTestId('package').filter({ hasText: tracking })
  await expect(card).toContainText('Received in Miami')
  await waitForServiceWorker(page)

  // As after a night away: the token wants refreshing, which cannot happen yet. Realtime's socket still connects.
  await context.route(`${backendUrl}/**`, () => undefined)
  await expireStoredSession(page)
  const joins = await watchJoins(page)
  await page.reload()
  await expect(card).toContainText('Received in Miami')
  await expect(page.getByTestId('offline-indicator')).toBeVisible({ timeout: 15_000 })
  await expect.poll(() => joins.length).toBeGreaterThan(0)
  await expectJoinedAs(joins, customer)

  await context.unrouteAll({ behavior: 'ignoreErrors' })
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-live', 'true', { timeout: 15_000 })
  const { error } = await admin.rpc('apply_package_status', {
    p_op_id: randomUUID(),
    p_package_id: pkg.id,
    p_status: 'aduana',
    p_changed_at: new Date().toISOString(),
    p_base_version: pkg.version,
  })
  expect(error).toBeNull()
  await expect(card).toContainText('In customs', { timeout: 5_000 })
})
