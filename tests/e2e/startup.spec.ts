import { expect, testAsLoaded as test } from './fixtures'

// What a visitor sees when part of the app cannot load at start (a chunk gone after a deploy, a
// connection lost mid-load before the service worker has the app): never a blank page, never a
// spinner forever. (Plain Playwright: these pages never hydrate, which the shared fixture waits for.)

test('the shell whose language catalog cannot load says so in both languages, and reloading recovers', async ({ page }) => {
  let failing = true
  await page.route(/\/assets\/messages-[\w-]+\.js$/, (route) => (failing ? route.abort('connectionreset') : route.continue()))
  await page.goto('/en/login')
  const failure = page.getByTestId('startup-failure')
  await expect(failure).toBeVisible()
  await expect(failure.locator('p[lang="en"]')).toHaveText('Part of the app could not be loaded. Check your connection and reload the page.')
  await expect(failure.locator('p[lang="es"]')).toContainText('Parte de la aplicación no se pudo cargar')
  failing = false
  await failure.getByRole('button', { name: 'Volver a cargar · Reload' }).click()
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
  await expect(failure).toHaveCount(0)
})

test('a prerendered page whose own code cannot load stays readable, with the notice above it', async ({ page }) => {
  await page.route(/\/assets\/pricing-page-[\w-]+\.js$/, (route) => route.abort('connectionreset'))
  await page.goto('/en/pricing')
  await expect(page.getByTestId('startup-failure')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing')
})

test('a page whose entry script cannot load at all says so too, instead of a blank page', async ({ page }) => {
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort('connectionreset'))
  await page.goto('/en/login')
  await expect(page.getByTestId('startup-failure')).toBeVisible()
  await page.goto('/en/pricing')
  await expect(page.getByTestId('startup-failure')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing')
})

test('a protected page whose sign-in code cannot load says the account could not be opened, with a way on', async ({ page }) => {
  await page.route(/\/assets\/create-client-[\w-]+\.js$/, (route) => route.abort('connectionreset'))
  await page.goto('/en/dashboard')
  const alert = page.getByRole('alert').filter({ hasText: 'Your account could not be opened on this device' })
  await expect(alert).toBeVisible()
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible()
  await expect(alert.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en')
})
