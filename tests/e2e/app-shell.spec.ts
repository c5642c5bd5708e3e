import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { demoAdmin, logInThroughUi, newCustomer, registerPackageFor, shipmentAwaitingApproval, signedIn } from './backend'

// On a phone a signed-in customer's screens are an app: packages first, a tab bar for the rest with
// a count of what waits for them, the website in a menu. Wide screens keep the website's dashboard.

const phone = { width: 360, height: 740 }
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** A customer with two packages at the warehouse, one of them in a shipment whose charge waits for their approval. */
async function customerWithAChargeToApprove() {
  const customer = await newCustomer('Cliente App')
  const { admin, pkg } = await registerPackageFor(customer.email, { tracking_code: `APP-${randomUUID().slice(0, 8)}`, weight_kg: 2, volume_m3: 0.001 })
  await registerPackageFor(customer.email, { tracking_code: `APP-${randomUUID().slice(0, 8)}`, weight_kg: 1, volume_m3: 0.001 })
  const client = await signedIn(customer)
  await shipmentAwaitingApproval(client, admin, pkg.id, 'Cliente App')
  const { count } = await client.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null)
  return { customer, unread: count! }
}

/** The serious and critical violations axe-core finds on the page as it is. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated by the browser's debugging protocol, which the site's Trusted Types and CSP do not govern (a script tag would be refused).
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run()
    return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  })
}

test('at 360 px a customer sees their first package at once, and reaches shipments and prealerts from the tab bar, with back and forward', async ({ browser }) => {
  test.setTimeout(90_000)
  const { customer, unread } = await customerWithAChargeToApprove()
  const context = await browser.newContext({ viewport: phone })
  // What the app asks of the icon's badge, recorded on the way to the browser's own.
  await context.addInitScript(() => {
    const badges: number[] = []
    Object.assign(window, { appBadges: badges })
    const set = navigator.setAppBadge?.bind(navigator)
    const clear = navigator.clearAppBadge?.bind(navigator)
    navigator.setAppBadge = async (count?: number) => {
      badges.push(count ?? 0)
      await set?.(count).catch(() => undefined)
    }
    navigator.clearAppBadge = async () => {
      badges.push(0)
      await clear?.().catch(() => undefined)
    }
  })
  const page = await context.newPage()
  await logInThroughUi(page, '/en/login', customer)
  await expect(page).toHaveURL(/\/en\/dashboard$/)

  // Packages first: the first one is on screen without scrolling, the website's footer is gone.
  const firstPackage = page.getByTestId('package').first()
  await expect(firstPackage).toBeInViewport()
  console.log(`At 360 px the first package starts ${Math.round((await firstPackage.boundingBox())!.y)} px down`)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Shipments' })).toHaveCount(0)

  // What waits for the customer: the charge to approve on the Shipments tab, the unread notifications on the bell and the icon.
  const tabs = page.getByRole('navigation', { name: 'My locker' })
  await expect(tabs.getByRole('link', { name: 'Packages' })).toHaveAttribute('aria-current', 'page')
  await expect(tabs.getByRole('link', { name: 'Shipments (1 awaiting your approval)' })).toBeVisible()
  await expect(page.getByTestId('tab-shipments-badge')).toHaveText('1')
  expect(unread).toBeGreaterThanOrEqual(3)
  await expect(page.getByTestId('inbox-unread')).toHaveText(String(unread))
  await expect.poll(() => page.evaluate(() => (window as unknown as { appBadges: number[] }).appBadges.at(-1))).toBe(unread)
  expect(await seriousViolations(page)).toEqual([])

  await tabs.getByRole('link', { name: /^Shipments/ }).click()
  await expect(page).toHaveURL(/\/en\/dashboard\/shipments$/)
  await expect(page.getByRole('region', { name: 'Shipments' })).toBeVisible()
  await expect(page.getByTestId('package')).toHaveCount(0)
  await tabs.getByRole('link', { name: 'Prealerts' }).click()
  await expect(page).toHaveURL(/\/en\/dashboard\/prealerts$/)
  await expect(page.getByRole('region', { name: 'Prealerts' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.goBack()
  await expect(page).toHaveURL(/\/en\/dashboard\/shipments$/)
  await expect(page.getByRole('region', { name: 'Shipments' })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\/en\/dashboard$/)
  await expect(firstPackage).toBeInViewport()
  await page.goForward()
  await expect(page.getByRole('region', { name: 'Shipments' })).toBeVisible()
  await expect(tabs.getByRole('link', { name: /^Shipments/ })).toHaveAttribute('aria-current', 'page')

  await tabs.getByRole('link', { name: 'Account' }).click()
  await expect(page.getByTestId('locker-code')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // The installed app starts on the packages.
  await page.goto('/start')
  await expect(page).toHaveURL(/\/en\/dashboard$/)
  await expect(firstPackage).toBeInViewport()

  // The website's pages are in the menu.
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click()
  await expect(page).toHaveURL(/\/en\/pricing$/)
  await context.close()
})

test('in Spanish the tabs speak Spanish, and a tab opened directly works', async ({ browser }) => {
  const customer = await newCustomer('Cliente Pestañas')
  const context = await browser.newContext({ viewport: phone })
  const page = await context.newPage()
  await logInThroughUi(page, '/es/login', customer, 'es')
  await page.goto('/es/dashboard/prealerts')
  const tabs = page.getByRole('navigation', { name: 'Mi casillero' })
  await expect(tabs.getByRole('link', { name: 'Prealertas' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('region', { name: 'Prealertas' })).toBeVisible()
  await tabs.getByRole('link', { name: 'Cuenta' }).click()
  await expect(page).toHaveURL(/\/es\/dashboard\/account$/)
  await context.close()
})

test("on a wide screen the dashboard stays one page, also at a tab's address", async ({ browser }) => {
  const customer = await newCustomer('Cliente Escritorio')
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await logInThroughUi(page, '/en/login', customer)
  await expect(page.getByRole('region', { name: 'My packages' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Shipments' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'My locker' })).toHaveCount(0)
  await page.goto('/en/dashboard/prealerts')
  await expect(page.getByRole('region', { name: 'Prealerts' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'My locker' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'My packages' })).toBeVisible()
  await context.close()
})

test("on a phone the admin area's sidebar is a menu, and the package tool is one tap away", async ({ browser }) => {
  const context = await browser.newContext({ viewport: phone })
  const page = await context.newPage()
  await logInThroughUi(page, '/admin/login', demoAdmin)
  await page.goto('/admin')
  const sections = page.getByRole('navigation', { name: 'Admin sections' })
  await expect(sections).toBeHidden()
  await page.getByRole('button', { name: 'Menu' }).click()
  await expect(sections).toBeVisible()
  await sections.getByRole('link', { name: 'Users' }).click()
  await expect(page).toHaveURL(/\/admin\/users$/)
  await expect(sections).toBeHidden()
  await page.getByTestId('admin-package-tool').click()
  await expect(page).toHaveURL(/\/admin-panel$/)
  await context.close()
})
