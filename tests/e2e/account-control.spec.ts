import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { expireStoredSession, logInThroughUi, newClient, newCustomer, registerPackageFor } from './backend'

// The customer's control of their account, in Chromium against the stand-in: a copy of their data
// downloaded as JSON, signing out on every device (the other one wipes its copy when it next hears
// of it), and deleting the account with their password.

/** How many rows the device holds in these IndexedDB stores. */
async function localRows(page: Page, stores: string[]): Promise<number> {
  return page.evaluate(async (names) => {
    const open = indexedDB.open('casillero')
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)))
    const counts = await Promise.all(
      names.map((name) => new Promise<number>((resolve) => (db.transaction(name).objectStore(name).count().onsuccess = (event) => resolve((event.target as IDBRequest<number>).result)))),
    )
    db.close()
    return counts.reduce((sum, count) => sum + count, 0)
  }, stores)
}

test('Download my data saves a JSON file with the customer’s own package in it', async ({ page }) => {
  const customer = await newCustomer('Export Customer')
  await registerPackageFor(customer.email, { tracking_code: 'EXPORT-42' })
  await logInThroughUi(page, '/en/login', customer)
  await expect(page.getByTestId('package')).toHaveCount(1)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download my data' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^casillero-miami-data-\d{4}-\d{2}-\d{2}\.json$/)
  const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as { version: number; profile: { full_name: string }; packages: { tracking_code: string }[] }
  expect(data.version).toBe(1)
  expect(data.profile.full_name).toBe('Export Customer')
  expect(data.packages.map((pkg) => pkg.tracking_code)).toEqual(['EXPORT-42'])
})

test('Sign out everywhere signs out this device at once and the other one when it next refreshes, which wipes its copy', async ({ page, browser }) => {
  const customer = await newCustomer('Two Devices')
  await registerPackageFor(customer.email)
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await logInThroughUi(otherPage, '/en/login', customer)
  await expect(otherPage.getByTestId('package')).toHaveCount(1)

  await logInThroughUi(page, '/en/login', customer)
  await expect(page.getByTestId('package')).toHaveCount(1)
  await page.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(page).toHaveURL(/\/en$/)
  await expect.poll(() => localRows(page, ['packages', 'profiles', 'owner'])).toBe(0)

  // The other device still shows its copy until it asks the server for a new token, and is refused.
  await expireStoredSession(otherPage)
  await otherPage.reload()
  // Signed out: sent home, or to the login if the guard saw no session first.
  await expect.poll(() => new URL(otherPage.url()).pathname).toMatch(/^\/en(\/login)?$/)
  await expect(otherPage.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible()
  await expect.poll(() => localRows(otherPage, ['packages', 'profiles', 'owner'])).toBe(0)
  await other.close()
})

test('a customer with a package in the warehouse is told in Spanish why their account cannot be deleted yet', async ({ page }) => {
  const customer = await newCustomer('Con Paquete')
  await registerPackageFor(customer.email)
  await logInThroughUi(page, '/es/login', customer, 'es')
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click()
  const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' })
  await dialog.getByLabel('Contraseña').fill(customer.password)
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Tu cuenta aún no se puede eliminar: 1 paquete espera en el almacén.')
  expect((await newClient().auth.signInWithPassword(customer)).error).toBeNull()
})

test('a fresh customer deletes their account with their password: the device says goodbye, holds nothing, and the account cannot sign in again', async ({ page }) => {
  const customer = await newCustomer('Leaving Customer')
  await logInThroughUi(page, '/en/login', customer)
  await page.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  await dialog.getByLabel('Password').fill('not-my-password')
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('That is not your password. Type it again.')

  await dialog.getByLabel('Password').fill(customer.password)
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/goodbye$/)
  await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible()
  await expect.poll(() => localRows(page, ['packages', 'profiles', 'owner'])).toBe(0)

  await page.goto('/en/login')
  const main = page.getByRole('main')
  await main.getByLabel('Email').fill(customer.email)
  await main.getByLabel('Password').fill(customer.password)
  await main.getByRole('button', { name: 'Log in' }).click()
  await expect(main.getByTestId('service-error')).toHaveText('Invalid login credentials')
})
