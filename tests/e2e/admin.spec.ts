import { type Page } from '@playwright/test'
import { expect, test, withServiceWorker } from './fixtures'
import { demoAdmin, logInThroughUi, newCustomer, registerPackageFor, serverEvents, signedIn } from './backend'
import { openCustomer } from './package-tool'
import { waitForServiceWorker } from './service-worker'

// The warehouse desk: the admin's login, local copy and outbox, in Chromium against the stand-in.

/** Tracking codes of this run only: a retried or repeated test never meets an earlier run's packages. */
const code = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`

const pendingBadge = (page: Page) => page.getByTestId('outbox-pending').first()

const row = (page: Page, tracking: string) => page.getByTestId('admin-package').filter({ hasText: tracking })

test('admin login starts empty, refuses bad credentials, lands on the admin area; logout returns to its login with a notice', async ({ page }) => {
  await page.goto('/admin/login')
  const main = page.getByRole('main')
  await expect(main.getByLabel('Email')).toHaveValue('')
  await expect(main.getByLabel('Password')).toHaveValue('')

  await main.getByLabel('Email').fill(demoAdmin.email)
  await main.getByLabel('Password').fill('wrong-password')
  await main.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByTestId('toast')).toContainText('Login error')
  await expect(page.getByTestId('toast')).toContainText('Invalid credentials or server error.')

  await main.getByLabel('Password').fill(demoAdmin.password)
  await main.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByText('Welcome to the admin panel.')).toBeVisible()
  await expect(page.getByTestId('admin-identity')).toContainText('Admin Demo')
  await expect(page.getByTestId('admin-identity')).toContainText('Manager')
  const figures = page.getByRole('main').locator('dl')
  await expect(figures).toContainText('Active customers')
  await expect(figures).toContainText('In transit')
  await expect(page.getByRole('main')).not.toContainText(/revenue/i)

  const nav = page.getByRole('navigation', { name: 'Admin sections' })
  for (const section of ['Users', 'Packages', 'Shipments', 'Rates', 'Content', 'Reports']) await expect(nav.getByRole('link', { name: section })).toBeVisible()
  await nav.getByRole('link', { name: 'Content' }).click()
  await expect(page.getByRole('main').getByRole('heading', { name: 'Content', level: 1 })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'New article' })).toBeVisible()

  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  await expect(page.getByTestId('toast')).toContainText('You have been signed out.')
})

test('the admin area speaks Spanish with SPEC’s words', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'es'))
  await logInThroughUi(page, '/admin/login', demoAdmin, 'es')
  await expect(page.getByText('Bienvenido al panel de administración.')).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Secciones de administración' })
  for (const section of ['Dashboard', 'Usuarios', 'Paquetes', 'Envíos', 'Tarifas', 'Contenido', 'Reportes']) await expect(nav.getByRole('link', { name: section, exact: true })).toBeVisible()
})

test('users: newest first, searched by name, email or role, edited in a dialog; an admin keeps their own role', async ({ page }) => {
  // Other tests create customers meanwhile: the order is checked among this test's own, found by a tag of this run.
  const tag = code('Zoe')
  const older = await newCustomer(`${tag} Older`)
  const customer = await newCustomer(`${tag} Searchable`)
  await logInThroughUi(page, '/admin/login', demoAdmin)
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Users' }).click()
  const main = page.getByRole('main')
  await main.getByLabel('Search by name, email or role').fill(tag.toLowerCase())
  await expect(main.getByTestId('user-row')).toHaveCount(2)
  await expect(main.getByTestId('user-row').nth(0)).toContainText(customer.email)
  await expect(main.getByTestId('user-row').nth(1)).toContainText(older.email)

  await main.getByLabel('Search by name, email or role').fill(`${tag} search`.toLowerCase())
  await expect(main.getByTestId('user-row')).toHaveCount(1)
  await main.getByLabel('Search by name, email or role').fill('MANAGER')
  await expect(main.getByTestId('user-row').filter({ hasText: demoAdmin.email })).toHaveCount(1)
  await main.getByRole('button', { name: `Edit ${demoAdmin.email}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit user' })
  await expect(dialog.getByLabel('Role')).toBeDisabled()
  await expect(dialog).toContainText('You cannot remove your own admin role.')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()

  await main.getByLabel('Search by name, email or role').fill(customer.email)
  await main.getByRole('button', { name: `Edit ${customer.email}` }).click()
  await expect(dialog.getByLabel('Role').locator('option')).toHaveText(['Customer', 'Desk clerk', 'Manager'])
  await dialog.getByLabel('Full name').fill('Zoe Edited')
  await dialog.getByLabel('Phone').fill('+58 412 000 1111')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(main.getByTestId('user-row')).toContainText(`${tag} Searchable`)

  await main.getByRole('button', { name: `Edit ${customer.email}` }).click()
  await expect(dialog.getByLabel('Full name')).toHaveValue(`${tag} Searchable`)
  await dialog.getByLabel('Full name').fill('Zoe Edited')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toContainText('User updated')
  await expect(main.getByTestId('user-row')).toContainText('Zoe Edited')
})

test.describe('spotty Wi-Fi at the warehouse', () => {
  test('offline: register a package and change three statuses, reload offline, reconnect: each recorded once and seen by the customer', withServiceWorker, async ({ page, browser }) => {
    const customer = await newCustomer()
    const [a, b, fresh] = [code('WH-A'), code('WH-B'), code('WH-NEW')]
    await registerPackageFor(customer.email, { tracking_code: a })
    await registerPackageFor(customer.email, { tracking_code: b })
    await logInThroughUi(page, '/admin/login', demoAdmin)
    await waitForServiceWorker(page)
    await openCustomer(page, customer.email)
    await expect(page.getByTestId('admin-package')).toHaveCount(2)

    await page.context().setOffline(true)
    const main = page.getByRole('main')
    await main.getByLabel('Tracking code').fill(fresh)
    await main.getByLabel('Weight (kg)').fill('1.25')
    await main.getByLabel('Meta (JSON)').fill('{"store": "Amazon"}')
    await main.getByRole('button', { name: 'Create package' }).click()
    await expect(page.getByTestId('toast').first()).toContainText('Package created.')
    await expect(row(page, fresh).getByTestId('package-marker')).toHaveText('Pending')

    await main.getByLabel(`Status of ${fresh}`).selectOption('consolidacion')
    await main.getByLabel(`Status of ${a}`).selectOption('transito')
    await main.getByLabel(`Status of ${b}`).selectOption('aduana')
    await expect(pendingBadge(page)).toHaveText('4')

    await page.reload()
    await expect(page.getByTestId('admin-package')).toHaveCount(3)
    await expect(main.getByLabel(`Status of ${a}`)).toHaveValue('transito')
    await expect(main.getByLabel(`Status of ${fresh}`)).toHaveValue('consolidacion')
    await expect(page.getByTestId('package-marker')).toHaveCount(3)
    await expect(pendingBadge(page)).toHaveText('4')

    // Sent within 5 s of the connection coming back (DESIGN §6), whatever the browser's events say.
    await page.context().setOffline(false)
    await expect(pendingBadge(page)).toHaveText('0', { timeout: 5_000 })
    await expect(page.getByTestId('package-marker')).toHaveCount(0)

    const admin = await signedIn(demoAdmin)
    const { data: created } = await admin.from('packages').select('id, status, weight_kg, meta').eq('tracking_code', fresh)
    expect(created).toEqual([expect.objectContaining({ status: 'consolidacion', weight_kg: 1.25, meta: { store: 'Amazon' } })])
    expect((await serverEvents(admin, created![0]!.id)).map((event) => event.status)).toEqual(['recibido', 'consolidacion'])
    const { data: moved } = await admin.from('packages').select('id, tracking_code, status').in('tracking_code', [a, b]).order('tracking_code')
    expect(moved!.map((pkg) => pkg.status)).toEqual(['transito', 'aduana'])
    for (const pkg of moved!) expect((await serverEvents(admin, pkg.id)).filter((event) => event.status === pkg.status)).toHaveLength(1)

    const customerPage = await (await browser.newContext()).newPage()
    await logInThroughUi(customerPage, '/en/login', customer)
    await expect(customerPage.getByTestId('package')).toHaveCount(3)
    await expect(customerPage.getByTestId('package').filter({ hasText: fresh }).locator('[data-status]').first()).toHaveText('Consolidating')
    await customerPage.context().close()
  })

  test('two admins change the same package from the same version: the later one sees the conflict and re-applies', withServiceWorker, async ({ page }) => {
    const customer = await newCustomer()
    const { pkg } = await registerPackageFor(customer.email, { tracking_code: 'RACE-1' })
    await logInThroughUi(page, '/admin/login', demoAdmin)
    await openCustomer(page, customer.email)
    await expect(row(page, 'RACE-1')).toBeVisible()

    // This admin changes the package offline, from version 1; meanwhile another desk moves it on.
    await page.context().setOffline(true)
    await page.getByRole('main').getByLabel('Status of RACE-1').selectOption('disponible')
    const other = await signedIn(demoAdmin)
    const { error } = await other.rpc('apply_package_status', { p_op_id: crypto.randomUUID(), p_package_id: pkg.id, p_status: 'aduana', p_changed_at: new Date().toISOString(), p_base_version: pkg.version })
    expect(error).toBeNull()
    await page.context().setOffline(false)

    await expect(page.getByTestId('outbox-unresolved')).toHaveText('1', { timeout: 20_000 })
    await expect(row(page, 'RACE-1').getByTestId('package-marker')).toHaveText('Conflict')
    await expect(page.getByRole('main').getByLabel('Status of RACE-1')).toHaveValue('aduana')
    await page.getByTestId('outbox-button').first().click()
    const dialog = page.getByRole('dialog', { name: 'Unsent changes' })
    await expect(dialog.getByTestId('outbox-entry')).toContainText('Someone changed this package first.')
    await dialog.getByRole('button', { name: 'Apply mine again' }).click()
    await expect(dialog).toContainText('Everything is on the server.', { timeout: 15_000 })

    const { data } = await other.from('packages').select('status, version').eq('id', pkg.id).single()
    expect(data).toEqual({ status: 'disponible', version: 3 })
    expect((await serverEvents(other, pkg.id)).map((event) => `${event.status}:${event.outcome}`)).toEqual(['recibido:applied', 'aduana:applied', 'disponible:superseded', 'disponible:applied'])
  })

  test('a device whose clock runs ahead: the refusal says what to fix, in words of the app, and discarding restores the server’s status', async ({ page }) => {
    const customer = await newCustomer()
    const tracking = code('CLOCK')
    await registerPackageFor(customer.email, { tracking_code: tracking })
    await logInThroughUi(page, '/admin/login', demoAdmin)
    await openCustomer(page, customer.email)
    await expect(row(page, tracking)).toBeVisible()

    await page.clock.setSystemTime(Date.now() + 10 * 60_000)
    await page.getByRole('main').getByLabel(`Status of ${tracking}`).selectOption('aduana')
    await expect(page.getByTestId('outbox-unresolved')).toHaveText('1', { timeout: 20_000 })
    await page.getByTestId('outbox-button').first().click()
    const entry = page.getByRole('dialog', { name: 'Unsent changes' }).getByTestId('outbox-entry')
    await expect(entry).toContainText("The server refused this change: This device's date and time are more than 5 minutes ahead of the server's.")
    await entry.getByRole('button', { name: 'Discard' }).click()
    await expect(page.getByRole('main').getByLabel(`Status of ${tracking}`)).toHaveValue('recibido')
  })

  test('changes queued with no page open are sent by the service worker’s sync event', withServiceWorker, async ({ page, context }) => {
    const customer = await newCustomer()
    const { pkg } = await registerPackageFor(customer.email, { tracking_code: 'SW-1' })
    await logInThroughUi(page, '/admin/login', demoAdmin)
    await waitForServiceWorker(page)
    await openCustomer(page, customer.email)
    await context.setOffline(true)
    await page.getByRole('main').getByLabel('Status of SW-1').selectOption('entregado')
    await expect(pendingBadge(page)).toHaveText('1')
    await page.close()
    await context.setOffline(false)

    // No page of the app is open (a page of another origin is no client of its worker): whether the
    // browser fires the sync event on reconnecting or DevTools does, the worker sends the outbox itself.
    const blank = await context.newPage()
    const cdp = await context.newCDPSession(blank)
    const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) => cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => resolve(registrations)))
    await cdp.send('ServiceWorker.enable')
    const origin = new URL(page.url()).origin
    const registration = (await registrations).find((entry) => entry.scopeURL.startsWith(origin))!
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: registration.registrationId, tag: 'outbox', lastChance: false })
    const admin = await signedIn(demoAdmin)
    await expect.poll(async () => (await admin.from('packages').select('status').eq('id', pkg.id).single()).data?.status, { timeout: 15_000 }).toBe('entregado')
    expect((await serverEvents(admin, pkg.id)).filter((event) => event.status === 'entregado')).toHaveLength(1)
  })

  test('signing out with unsent changes warns first and can wait for them', withServiceWorker, async ({ page }) => {
    const customer = await newCustomer()
    const tracking = code('BYE')
    await registerPackageFor(customer.email, { tracking_code: tracking })
    await logInThroughUi(page, '/admin/login', demoAdmin)
    await openCustomer(page, customer.email)
    await page.context().setOffline(true)
    await page.getByRole('main').getByLabel(`Status of ${tracking}`).selectOption('transito')
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click()
    const dialog = page.getByRole('dialog', { name: 'You have unsent changes' })
    await expect(dialog).toContainText('1 waiting to be sent')
    await dialog.getByRole('button', { name: 'Send them, then log out' }).click()
    await expect(dialog).toContainText('Waiting for the connection…')
    await page.context().setOffline(false)
    await expect(page).toHaveURL(/\/en$/, { timeout: 20_000 })
    const admin = await signedIn(demoAdmin)
    const { data } = await admin.from('packages').select('status').eq('tracking_code', tracking).single()
    expect(data).toEqual({ status: 'transito' })
  })
})

test.describe('the package tool', () => {
  test('finds customers by exact email in any case, validates the form with SPEC’s messages, copies tokens', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const customer = await newCustomer()
    const { pkg } = await registerPackageFor(customer.email, { tracking_code: 'TOOL-1' })
    await logInThroughUi(page, '/admin/login', demoAdmin)
    await page.goto('/es/admin-panel')
    const main = page.getByRole('main')
    await main.getByRole('button', { name: 'Crear paquete' }).click()
    await expect(main).toContainText('Primero busca un usuario.')

    await main.getByLabel('Correo del cliente').fill('nadie@example.com')
    await main.getByRole('button', { name: 'Buscar' }).click()
    await expect(main).toContainText('Usuario no encontrado.')
    await main.getByLabel('Correo del cliente').fill(customer.email.toUpperCase())
    await main.getByRole('button', { name: 'Buscar' }).click()
    await expect(main.getByLabel('Código de casillero')).toHaveValue(/^MIA\d{6}$/)
    await expect(main.getByLabel('Código de casillero')).toHaveAttribute('readonly')

    await main.getByLabel('Meta (JSON)').fill('[1, 2]')
    await main.getByLabel('Peso (kg)').fill('33')
    await main.getByRole('button', { name: 'Crear paquete' }).click()
    await expect(main).toContainText('Meta JSON inválido.')
    await expect(main).toContainText('Ingresa un peso entre 0 y 32 kg.')
    await expect(page.getByTestId('admin-package')).toHaveCount(1)

    await main.getByRole('button', { name: 'Copiar el token de rastreo de TOOL-1' }).click()
    await expect(page.getByTestId('toast')).toContainText('Token copiado!')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pkg.public_token)
  })

  test('bulk: select every match and change their status in one action, one op per package', async ({ page }) => {
    const customer = await newCustomer()
    const codes = [code('BULK'), code('BULK'), code('BULK')]
    for (const tracking of codes) await registerPackageFor(customer.email, { tracking_code: tracking })
    await logInThroughUi(page, '/admin/login', demoAdmin)
    await page.goto('/admin/packages')
    const main = page.getByRole('main')
    await main.getByLabel('Search by tracking code, locker or customer email').fill(customer.email)
    await expect(main.getByTestId('package-row')).toHaveCount(3)
    await main.getByRole('button', { name: 'Select all 3 matching' }).click()
    await expect(main.getByTestId('selected-count')).toHaveText('3 selected')
    await main.getByLabel('New status').selectOption('disponible')
    await main.getByRole('button', { name: 'Change status' }).click()
    await expect(page.getByTestId('toast')).toContainText('3 packages changed')
    await expect(pendingBadge(page)).toHaveText('0', { timeout: 15_000 })
    await main.getByLabel('Status', { exact: true }).selectOption('disponible')
    await expect(main.getByTestId('package-row')).toHaveCount(3)
    const admin = await signedIn(demoAdmin)
    const { data } = await admin.from('packages').select('status').in('tracking_code', codes)
    expect(data!.map((pkg) => pkg.status)).toEqual(['disponible', 'disponible', 'disponible'])
  })
})

test('customers are sent away from every admin route', async ({ page }) => {
  const customer = await newCustomer()
  await logInThroughUi(page, '/en/login', customer)
  for (const path of ['/en/admin-panel', '/admin', '/admin/users', '/admin/packages']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/dashboard$/)
  }
  // The database is the real guard: the customer's own token cannot register a package either.
  const client = await signedIn(customer)
  const { error } = await client.rpc('register_package', {
    p_op_id: crypto.randomUUID(),
    p_package_id: crypto.randomUUID(),
    p_user_id: customer.id,
    p_public_token: crypto.randomUUID(),
    p_status: 'recibido',
  })
  expect(error?.code).toBe('42501')
})
