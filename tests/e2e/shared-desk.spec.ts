import { randomUUID } from 'node:crypto'
import { expect, test } from './fixtures'
import { demoAdmin, expireStoredSession, logInThroughUi, newCustomer, signedIn } from './backend'

// A device several people share: what one made offline before their session ended waits for them,
// unseen and unsent while someone else signs in, and goes under their own session when they return.

test('a change made offline outlives its session and the next person at the device, and is sent when its owner signs in again', async ({ page, context }) => {
  const ana = await newCustomer('Ana Desk')
  const beto = await newCustomer('Beto Desk')
  const tracking = `1Z${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`
  const admin = await signedIn(demoAdmin)
  const announced = async () => (await admin.from('prealerts').select('user_id').eq('tracking_code', tracking)).data ?? []

  await logInThroughUi(page, '/en/login', ana)
  const prealerts = page.getByRole('region', { name: 'Prealerts' })
  await expect(prealerts).toContainText('Bought something?')

  // Offline, Ana announces a purchase; her session then ends on its own, before the device is back online.
  await context.setOffline(true)
  await prealerts.getByRole('button', { name: 'Announce a package' }).click()
  const dialog = page.getByRole('dialog', { name: 'Announce a package' })
  await dialog.getByLabel('Store').fill('Best Buy')
  await dialog.getByLabel('Tracking number').fill(tracking)
  await dialog.getByLabel('Description').fill('Headphones')
  await dialog.getByLabel('Declared value (USD)').fill('80')
  await dialog.getByRole('button', { name: 'Announce' }).click()
  await expect(dialog).toBeHidden()
  await expect(prealerts).toContainText('Best Buy')
  await (await signedIn(ana)).auth.signOut({ scope: 'global' })
  await expireStoredSession(page)
  await context.setOffline(false)
  await page.reload()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible({ timeout: 15_000 })

  // Beto signs in on the same device: nothing of Ana's is shown to him, or sent as him.
  await logInThroughUi(page, '/en/login', beto)
  await expect(prealerts).toContainText('Bought something?')
  await expect(prealerts).not.toContainText('Best Buy')
  await expect(page.getByTestId('outbox-button')).toHaveCount(0)
  await expect(page.getByText(/kept for you/)).toHaveCount(0)
  expect(await announced()).toEqual([])
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible()

  // Ana signs in again: she is told her change waited for her, and it reaches the server as hers.
  await logInThroughUi(page, '/en/login', ana)
  await expect(page.getByText('1 change you made on this device was kept for you')).toBeVisible()
  await expect.poll(announced, { timeout: 15_000 }).toEqual([{ user_id: ana.id }])
  await expect(prealerts).toContainText('Best Buy')
})
