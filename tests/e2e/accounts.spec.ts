import { randomUUID } from 'node:crypto'
import { expect, test, withServiceWorker } from './fixtures'
import { backendUrl, demoCustomer, registerPackageFor, signUpThroughUi } from './backend'
import { waitForServiceWorker } from './service-worker'

test('signup shows the locker and US address, then an empty dashboard', async ({ page }) => {
  const { lockerCode } = await signUpThroughUi(page, 'en')
  const address = page.getByTestId('us-address')
  await expect(address).toContainText('Ana Test')
  await expect(address).toContainText(`8200 NW 41st St, Suite 200 ${lockerCode}`)
  await expect(address).toContainText('Doral, FL 33166')
  await page.getByRole('link', { name: 'Continue to my locker' }).click()
  await expect(page).toHaveURL(/\/en\/dashboard$/)
  await expect(page.getByText('You have no packages yet.')).toBeVisible()
  await expect(page.getByTestId('locker-code')).toHaveText(lockerCode)
})

test('signup validates inline in Spanish and shows the service message', async ({ page }) => {
  await page.goto('/es/signup')
  const main = page.getByRole('main')
  await main.getByRole('button', { name: 'Crear mi casillero' }).click()
  await expect(main.locator('[aria-invalid="true"]')).toHaveCount(3)
  await main.getByLabel('Nombre completo').fill('Cliente Repetido')
  await main.getByLabel('Correo electrónico').fill(demoCustomer.email)
  await main.getByLabel('Contraseña', { exact: true }).fill('123')
  await main.getByRole('button', { name: 'Crear mi casillero' }).click()
  await expect(main.locator('[aria-invalid="true"]')).toHaveCount(1)
  await main.getByLabel('Contraseña', { exact: true }).fill('123456')
  await main.getByRole('button', { name: 'Crear mi casillero' }).click()
  await expect(main.getByTestId('service-error')).toHaveText('User already registered')
})

test('a signed-in customer who opens a public page stays on it', async ({ page }) => {
  await signUpThroughUi(page, 'en')
  await page.goto('/en/pricing')
  await expect(page.getByRole('banner').getByRole('link', { name: 'My Locker' })).toBeVisible()
  // Signed in and settled (no request in flight): nothing is left that could still send it away.
  await page.waitForLoadState('networkidle')
  await expect(page).toHaveURL(/\/en\/pricing$/)
})

test('wrong password shows the service message', async ({ page }) => {
  await page.goto('/en/login')
  const main = page.getByRole('main')
  await main.getByLabel('Email').fill(demoCustomer.email)
  await main.getByLabel('Password').fill('not-the-password')
  await main.getByRole('button', { name: 'Log in' }).click()
  await expect(main.getByTestId('service-error')).toHaveText('Invalid login credentials')
  await expect(page.getByTestId('toast')).toContainText('Login Error')
})

test('login lands on the dashboard with the seeded packages, labelled in both languages', async ({ page }) => {
  await page.goto('/en/login')
  const main = page.getByRole('main')
  await main.getByLabel('Email').fill(demoCustomer.email)
  await main.getByLabel('Password').fill(demoCustomer.password)
  await main.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/en\/dashboard$/)
  await expect(page.getByTestId('package')).toHaveCount(7)
  await expect(page.locator('[data-status="transito"]').first()).toHaveText('In transit')
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Español' }).click()
  await expect(page).toHaveURL(/\/es\/dashboard$/)
  await expect(page.locator('[data-status="transito"]').first()).toHaveText('En tránsito')
})

test.describe('guards', () => {
  test('signed-out users go to login, remembering where they were', async ({ page }) => {
    await page.goto('/es/dashboard')
    await expect(page).toHaveURL(/\/es\/login\?redirectTo=%2Fes%2Fdashboard$/)
    await page.goto('/admin/users')
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fusers$/)
  })

  test('after login the remembered page opens', async ({ page }) => {
    await page.goto('/en/dashboard')
    const main = page.getByRole('main')
    await main.getByLabel('Email').fill(demoCustomer.email)
    await main.getByLabel('Password').fill(demoCustomer.password)
    await main.getByRole('button', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/en\/dashboard$/)
  })

  test('a customer on an admin route goes to the dashboard', async ({ page }) => {
    await signUpThroughUi(page, 'es')
    await page.goto('/es/admin-panel')
    await expect(page).toHaveURL(/\/es\/dashboard$/)
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/dashboard$/)
  })
})

test('tracking by token: found, not found, empty', async ({ page }) => {
  await page.goto('/en/tracking')
  const main = page.getByRole('main')
  const field = main.getByRole('textbox')
  await field.fill('   ')
  await main.getByRole('button', { name: /track/i }).click()
  await expect(main.getByTestId('tracking-result')).toHaveCount(0)
  await expect(page.getByTestId('toast')).toHaveCount(0)

  await field.fill('  00000000-0000-4000-8000-000000000003  ')
  await main.getByRole('button', { name: /track/i }).click()
  const result = main.getByTestId('tracking-result')
  await expect(result).toContainText('In transit')
  await expect(result).toContainText('MIA')
  await expect(result).toContainText('kg')

  await field.fill(randomUUID())
  await main.getByRole('button', { name: /track/i }).click()
  await expect(main).toContainText('Package not found.')

  await field.fill('MIA-123')
  await main.getByRole('button', { name: /track/i }).click()
  await expect(main.getByRole('alert')).toHaveText('That is not a tracking token. A token looks like this: 00000000-0000-4000-8000-000000000000.')

  await page.goto('/es/rastreo')
  await page.getByRole('main').getByRole('textbox').fill(randomUUID())
  await page.getByRole('main').getByRole('button', { name: /rastrear/i }).click()
  await expect(page.getByRole('main')).toContainText('Paquete no encontrado.')
})

test('password reset through the emailed link', async ({ page, request }) => {
  const { email } = await signUpThroughUi(page, 'en')
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible()
  await page.goto('/en/forgot')
  await page.getByRole('main').getByLabel('Email').fill(email)
  await page.getByRole('main').getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('main')).toContainText('We sent you a reset link. Check your inbox.')

  const mails = (await (await request.get(`${backendUrl}/_dev/mail`)).json()) as { to: string; link: string }[]
  const link = mails.filter((mail) => mail.to === email).at(-1)!.link
  await page.goto(link)
  await expect(page).toHaveURL(/\/en\/reset-password/)
  await page.getByRole('main').getByLabel('New password').fill('brand-new-pass')
  await page.getByRole('main').getByRole('button', { name: 'Update password' }).click()
  await expect(page.getByRole('main')).toContainText('Done! Your password was updated. Redirecting...')
  await expect(page).toHaveURL(/\/en\/login$/, { timeout: 5000 })
})

test('the reset page without the emailed link shows the hint', async ({ page }) => {
  await page.goto('/en/reset-password')
  await expect(page.getByRole('main')).toContainText('You must open this page from the password reset link sent to your email.')
})

test('the auth callback with no session says so and goes to login', async ({ page }) => {
  await page.goto('/auth/callback')
  await expect(page.getByRole('main')).toContainText(/No session found. Redirecting...|No se encontró/)
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 })
})

test.describe('local-first dashboard', () => {
  test('a package registered while offline appears on reconnect, without a reload', withServiceWorker, async ({ page, context }) => {
    const customer = await signUpThroughUi(page, 'en')
    await page.getByRole('link', { name: 'Continue to my locker' }).click()
    await expect(page.getByText('You have no packages yet.')).toBeVisible()
    await waitForServiceWorker(page)

    await context.setOffline(true)
    await expect(page.getByTestId('sync-line')).toContainText('Offline')
    const { admin, pkg } = await registerPackageFor(customer.email, { tracking_code: 'OFFLINE-1' })
    await expect(page.getByTestId('package')).toHaveCount(0)

    await context.setOffline(false)
    await expect(page.getByTestId('package')).toHaveCount(1)
    await expect(page.getByTestId('package')).toContainText('OFFLINE-1')
    await expect(page.getByTestId('package').locator('[data-status]').first()).toHaveText('Received in Miami')

    const { error } = await admin.rpc('apply_package_status', {
      p_op_id: randomUUID(),
      p_package_id: pkg.id,
      p_status: 'aduana',
      p_changed_at: new Date().toISOString(),
      p_base_version: pkg.version,
    })
    expect(error).toBeNull()
    // The periodic pull, a visibility change or `online` brings it; `online` is the quickest to cause.
    await context.setOffline(true)
    await context.setOffline(false)
    await expect(page.getByTestId('package').locator('[data-status]').first()).toHaveText('In customs')

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByTestId('package')).toContainText('OFFLINE-1')
    await expect(page.getByTestId('package').locator('[data-status]').first()).toHaveText('In customs')
    await expect(page.getByTestId('locker-code')).toHaveText(customer.lockerCode)
    await context.setOffline(false)
  })

  test('sign-out leaves no customer data in IndexedDB', async ({ page }) => {
    const customer = await signUpThroughUi(page, 'en')
    await registerPackageFor(customer.email, { tracking_code: 'WIPE-ME' })
    await page.goto('/en/dashboard')
    await expect(page.getByTestId('package')).toContainText('WIPE-ME')
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL(/\/en$/)
    const rows = await page.evaluate(async () => {
      const counts: Record<string, number> = {}
      for (const { name } of await indexedDB.databases()) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(name!)
          open.onsuccess = () => resolve(open.result)
          open.onerror = () => reject(open.error)
        })
        for (const store of Array.from(db.objectStoreNames)) {
          counts[`${name}.${store}`] = await new Promise<number>((resolve) => {
            const count = db.transaction(store).objectStore(store).count()
            count.onsuccess = () => resolve(count.result)
          })
        }
        db.close()
      }
      return counts
    })
    expect(Object.keys(rows).length).toBeGreaterThan(0)
    for (const [store, count] of Object.entries(rows)) expect(count, store).toBe(0)
  })
})
