import { expect, test } from './fixtures'
import { codeFor, logInThroughUi, newManager } from './backend'

// Two-step verification from Account, as a manager of the test's own: confirming a code ends the
// user's other sessions at aal1 (as GoTrue does), which the shared demo admin's tests must not meet.

test('a manager sets up two-step verification in Account, and removing it from a later sign-in asks for the code first', async ({ page, browser }) => {
  const manager = await newManager()
  await logInThroughUi(page, '/admin/login', manager)
  await page.goto('/en/dashboard/account')
  const card = page.getByRole('region', { name: 'Two-step verification' })
  await card.getByRole('button', { name: 'Set up two-step verification' }).click()
  await expect(card.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible()
  const secret = (await card.getByTestId('two-step-secret').textContent()) ?? ''
  await card.getByLabel('Code from your authenticator app').fill(codeFor(secret))
  await card.getByRole('button', { name: 'Confirm' }).click()
  await expect(card.getByText('Set up with: Authenticator app')).toBeVisible()

  // A sign-in on another device is at aal1: the admin area asks for the code (closed here), and so does removing the factor.
  const later = await (await browser.newContext()).newPage()
  await logInThroughUi(later, '/admin/login', manager)
  const stepUp = later.getByRole('dialog', { name: 'Confirm with your code' })
  await stepUp.getByRole('button', { name: 'Cancel' }).click()
  await later.goto('/en/dashboard/account')
  const laterCard = later.getByRole('region', { name: 'Two-step verification' })
  await laterCard.getByRole('button', { name: 'Remove Authenticator app' }).click()
  await stepUp.getByLabel('Code from your authenticator app').fill(codeFor(secret, 1))
  await stepUp.getByRole('button', { name: 'Confirm' }).click()
  await expect(laterCard.getByRole('button', { name: 'Set up two-step verification' })).toBeVisible()
})
