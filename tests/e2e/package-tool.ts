import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/** Opens the package tool on a customer (found in the admin's local directory). */
export async function openCustomer(page: Page, email: string) {
  await page.goto('/en/admin-panel')
  const main = page.getByRole('main')
  await main.getByLabel('Customer email').fill(email)
  await main.getByRole('button', { name: 'Search' }).click()
  await expect(main.getByTestId('found-customer')).toContainText(email)
}
