import { expect, type Page } from '@playwright/test'
import { codeFor } from './backend'

/**
 * A manager with no factor yet meets the step-up's one dialog: sets up the authenticator app from
 * the key shown as text and confirms with its first code; the action then goes on. Returns the key.
 */
export async function setUpTwoStepInStepUp(page: Page): Promise<string> {
  const stepUp = page.getByRole('dialog', { name: 'Confirm with your code' })
  const secret = (await stepUp.getByTestId('two-step-secret').textContent()) ?? ''
  await stepUp.getByLabel('Code from your authenticator app').fill(codeFor(secret))
  await stepUp.getByRole('button', { name: 'Confirm' }).click()
  await expect(stepUp).toBeHidden()
  return secret
}
