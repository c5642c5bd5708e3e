import { expect, test, withServiceWorker } from './fixtures'
import { codeFor, demoAdmin, logInThroughUi, signedIn } from './backend'

// Runs after every other test (playwright.config.ts): they read the prices this test changes.

test('an admin changes a rate after setting up two-step verification in the one dialog it asks: kept with who and when, a line of the audit log, visitors’ prices follow, and the next change asks nothing', async ({ page, browser, request }) => {
  // Read with a session of its own: the page's step-up ends the demo admin's other sessions at aal1, as GoTrue does.
  const reader = async () => signedIn(demoAdmin)
  let secret: string | undefined
  try {
    await logInThroughUi(page, '/admin/login', demoAdmin)
    await page.goto('/admin/rates')
    const main = page.getByRole('main')
    const photos = main.getByLabel('Package photos (USD)')
    await expect(photos).toHaveValue('2.00')
    await expect(main.getByLabel('Insurance (% of the declared value)')).toHaveValue('2')
    await photos.fill('2.555')
    await main.getByRole('button', { name: 'Save rates' }).click()
    await expect(main.getByText('An amount from $0 to $1,000, with at most 2 decimals.')).toBeVisible()
    await expect(photos).toBeFocused()
    await photos.fill('2.50')
    await main.getByRole('button', { name: 'Save rates' }).click()

    // The demo admin has no factor: the step-up sets one up (QR code and key) and confirms it at once.
    const stepUp = page.getByRole('dialog', { name: 'Confirm with your code' })
    await expect(stepUp.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible()
    secret = (await stepUp.getByTestId('two-step-secret').textContent()) ?? ''
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await stepUp.getByLabel('Code from your authenticator app').fill('12345')
    await stepUp.getByRole('button', { name: 'Confirm' }).click()
    await expect(stepUp.getByText('Type the 6 digits your authenticator app shows.')).toBeVisible()
    await stepUp.getByLabel('Code from your authenticator app').fill(codeFor(secret))
    await stepUp.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByTestId('toast')).toContainText('Rates saved')
    await expect(stepUp).toBeHidden()
    const change = main.getByTestId('rate-change').first()
    await expect(change).toContainText('admin@example.com')
    await expect(change).toContainText('Package photos (USD)')
    await expect(change).toContainText('2.00 → 2.50')
    const { data } = await (await reader()).rpc('rates_json')
    expect(data).toMatchObject({ photos_cents: 250, basic_cents_per_lb: 499 })

    // The session is at aal2 now: a second change is saved without asking again.
    await main.getByLabel('Insurance (% of the declared value)').fill('3')
    await main.getByRole('button', { name: 'Save rates' }).click()
    const admin = await reader()
    await expect.poll(async () => ((await admin.rpc('rates_json')).data as { insurance_percent: number }).insurance_percent).toBe(3)
    await expect(stepUp).toBeHidden()

    // The prerendered page carries the build's rates; a visitor sees the current ones once it has loaded.
    expect(await (await request.get('/en/pricing')).text()).toContain('$2.00 per package')
    const visitor = await (await browser.newContext()).newPage()
    await visitor.goto('/en/pricing')
    await expect(visitor.getByRole('main')).toContainText('$2.50 per package')
    await visitor.goto('/en/calculator')
    await expect(visitor.getByRole('main')).toContainText('Extras: package photos $2.50')

    // Each change is a line of the audit log (who, what, before → after), which its filters find.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' }).click()
    await expect(main.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible()
    const photosLine = main.getByTestId('audit-line').filter({ has: page.getByRole('link', { name: 'Package photos (USD)' }) }).first()
    await expect(photosLine).toContainText('Changed a rate')
    await expect(photosLine).toContainText('Admin Demo')
    await expect(photosLine).toContainText('Manager')
    await expect(photosLine.getByTestId('audit-change')).toHaveText(['value 2.00 → 2.50'])
    await main.getByLabel('Table').selectOption({ label: 'Account lines' })
    await main.getByRole('button', { name: 'Apply' }).click()
    await expect(main.getByTestId('audit-line').filter({ hasText: 'Changed a rate' })).toHaveCount(0)
    await main.getByLabel('Action').selectOption({ label: 'Changed a rate' })
    await main.getByLabel('Table').selectOption({ label: 'Rates' })
    await main.getByRole('button', { name: 'Apply' }).click()
    await expect(photosLine.getByTestId('audit-change')).toHaveText(['value 2.00 → 2.50'])
    await expect(main.getByTestId('audit-line').filter({ hasNotText: 'Changed a rate' })).toHaveCount(0)
  } finally {
    // Back as it was: the rates, and the demo admin without a factor (confirmed with a later code).
    const admin = await reader()
    const { data: factors } = await admin.auth.mfa.listFactors()
    const factor = factors?.totp[0]
    if (factor && secret) expect((await admin.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(secret, 1) })).error).toBeNull()
    const { error } = await admin.rpc('set_rates', { p_changes: { photos_cents: 200, insurance_percent: 2 } })
    expect(error).toBeNull()
    if (factor) expect((await admin.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull()
  }
})

test('the rates page speaks Spanish, checks every rate, and saves nothing offline', withServiceWorker, async ({ browser }) => {
  const page = await (await browser.newContext({ locale: 'es-ES' })).newPage()
  await logInThroughUi(page, '/admin/login', demoAdmin, 'es')
  await page.goto('/admin/rates')
  const main = page.getByRole('main')
  await main.getByLabel('Divisor volumétrico (in³ por lb)').fill('0')
  await main.getByLabel('Seguro (% del valor declarado)').fill('101')
  await main.getByRole('button', { name: 'Guardar tarifas' }).click()
  await expect(main.getByText('Un número entero de 1 a 100.000.')).toBeVisible()
  await expect(main.getByText('Un porcentaje de 0 a 100, con 2 decimales como máximo.')).toBeVisible()

  await page.context().setOffline(true)
  await expect(main.getByRole('status').filter({ hasText: 'Estás sin conexión' })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Guardar tarifas' })).toBeDisabled()
  await expect(main.getByLabel('Seguro (% del valor declarado)')).toHaveValue('101')
})
