import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test, withServiceWorker } from './fixtures'
import { demoAdmin, logInThroughUi, newCustomer, registerPackageFor, signedIn } from './backend'
import { openCustomer } from './package-tool'
import { waitForServiceWorker } from './service-worker'

/** A picture made by the browser itself: a PNG of this size, as a file to choose. */
async function picture(page: Page, name: string, width: number, height: number) {
  const dataUrl = await page.evaluate(
    ({ w, h }) => {
      const canvas = Object.assign(document.createElement('canvas'), { width: w, height: h })
      const context = canvas.getContext('2d')!
      context.fillStyle = '#1d4ed8'
      context.fillRect(0, 0, w, h)
      context.fillStyle = '#facc15'
      context.fillRect(w / 4, h / 4, w / 2, h / 2)
      return canvas.toDataURL('image/png')
    },
    { w: width, h: height },
  )
  return { name, mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') }
}

const invoice = { name: 'factura-amazon.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') }

/** The natural size of the first image in `scope` once it has loaded. */
const imageSize = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate(async (image: HTMLImageElement) => {
    await image.decode()
    return { width: image.naturalWidth, height: image.naturalHeight }
  })

test('a photo taken offline at the desk survives a reload, uploads once on reconnect, and the customer sees it, also offline', withServiceWorker, async ({ browser, page: visitor }) => {
  // Three sessions (the desk, the customer, a visitor), two of them with the service worker: over a minute on two busy cores.
  test.setTimeout(120_000)
  const customer = await newCustomer('Photo Test')
  const tracking = `PHOTO-${randomUUID().slice(0, 8).toUpperCase()}`
  const { admin, pkg } = await registerPackageFor(customer.email, { tracking_code: tracking })

  const desk = await (await browser.newContext()).newPage()
  await logInThroughUi(desk, '/admin/login', demoAdmin)
  await waitForServiceWorker(desk)
  await openCustomer(desk, customer.email)
  const main = desk.getByRole('main')
  await expect(desk.getByTestId('admin-package')).toHaveCount(1)

  // Offline: a 3000 × 2000 picture is downscaled on the device and waits in the queue.
  const photo = await picture(desk, 'IMG_0001.png', 3000, 2000)
  await desk.context().setOffline(true)
  await main.getByRole('button', { name: `Photos of ${tracking}` }).click()
  let dialog = desk.getByRole('dialog', { name: `Photos of ${tracking}` })
  await dialog.getByLabel('Choose photos').setInputFiles(photo)
  await expect(dialog.getByRole('status').filter({ hasText: 'waiting to upload' })).toHaveText('1 photo waiting to upload')
  await expect(dialog.getByRole('img', { name: `Photo 1 of ${tracking}` })).toBeVisible()
  await expect(desk.getByTestId('outbox-pending')).toHaveText('1')

  // A reload while offline loses nothing.
  await desk.reload()
  await expect(desk.getByTestId('outbox-pending')).toHaveText('1')
  await main.getByLabel('Customer email').fill(customer.email)
  await main.getByRole('button', { name: 'Search' }).click()
  await main.getByRole('button', { name: `Photos of ${tracking}` }).click()
  dialog = desk.getByRole('dialog', { name: `Photos of ${tracking}` })
  await expect(dialog.getByRole('img', { name: `Photo 1 of ${tracking}` })).toBeVisible()

  // Back online it is uploaded and listed once.
  await desk.context().setOffline(false)
  await expect(desk.getByTestId('outbox-pending')).toHaveText('0', { timeout: 20_000 })
  await expect(dialog.getByText('waiting to upload')).toHaveCount(0)
  const { data: row } = await admin.from('packages').select('meta').eq('id', pkg.id).single()
  const photos = (row!.meta as { photos: string[] }).photos
  expect(photos).toHaveLength(1)
  expect(photos[0]).toMatch(new RegExp(`^${pkg.id}/[0-9a-f-]{36}\\.jpg$`))
  const { data: stored } = await admin.storage.from('package-photos').list(pkg.id)
  expect(stored?.map((object) => object.name)).toEqual([photos[0]!.split('/')[1]])

  // The customer sees it, at most 1600 px on its long side, and again offline once seen.
  const page = await (await browser.newContext()).newPage()
  await logInThroughUi(page, '/en/login', customer)
  await waitForServiceWorker(page)
  const card = page.getByTestId('package').filter({ hasText: tracking })
  await card.getByRole('button', { name: `Open photo 1 of ${tracking}` }).click()
  const large = page.getByRole('dialog', { name: `Photo 1 of 1: ${tracking}` })
  await expect(large.getByRole('img')).toBeVisible()
  expect(await imageSize(page, 'dialog[open] img')).toEqual({ width: 1600, height: 1067 })
  await large.getByRole('button', { name: 'Close' }).click()
  await page.context().setOffline(true)
  await page.reload()
  await expect(card.getByRole('img', { name: `Photo 1 of ${tracking}` })).toHaveJSProperty('tagName', 'IMG')

  // A visitor's public tracking page shows none.
  await visitor.goto('/en/tracking')
  const publicPage = visitor.getByRole('main')
  await publicPage.getByRole('textbox').fill(pkg.public_token)
  await publicPage.getByRole('button', { name: /track/i }).click()
  await expect(publicPage.getByTestId('tracking-result')).toContainText('Received')
  await expect(publicPage.getByRole('img')).toHaveCount(0)
})

test("a customer's invoice (offline) and profile photo upload; the desk opens the invoice; a wrong file is refused with the reason", withServiceWorker, async ({ browser }) => {
  const customer = await newCustomer('Invoice Test')
  const tracking = `1Z${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`
  const client = await signedIn(customer)
  const { error } = await client.rpc('save_prealert', { p_op_id: randomUUID(), p_id: randomUUID(), p_tracking_code: tracking, p_store: 'Amazon', p_description: 'Shoes', p_declared_value_usd: 80, p_expected_on: null })
  expect(error).toBeNull()

  const page = await (await browser.newContext()).newPage()
  await logInThroughUi(page, '/en/login', customer)
  const item = page.getByTestId('prealert').filter({ hasText: tracking })
  await expect(item).toBeVisible()

  await page.context().setOffline(true)
  await item.getByLabel('Attach an invoice').setInputFiles(invoice)
  await expect(item.getByTestId('queued-upload')).toContainText('factura-amazon.pdf')
  await expect(item.getByTestId('queued-upload')).toContainText('waiting to upload')
  await page.context().setOffline(false)
  await expect(item.getByRole('list', { name: 'Documents' }).getByRole('link', { name: 'factura-amazon.pdf' })).toBeVisible({ timeout: 20_000 })
  await expect(item.getByTestId('queued-upload')).toHaveCount(0)

  await item.getByLabel('Attach an invoice').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(page.getByTestId('toast').filter({ hasText: 'notes.txt was not added' })).toContainText('Attach a PDF, JPEG or PNG file.')

  await page.getByLabel('Change profile photo').setInputFiles(await picture(page, 'me.png', 900, 600))
  await expect.poll(async () => (await client.from('profiles').select('avatar_path').eq('id', customer.id).single()).data?.avatar_path, { timeout: 20_000 }).toMatch(
    new RegExp(`^${customer.id}/[0-9a-f-]{36}\\.jpg$`),
  )
  expect(await imageSize(page, `img[alt="Invoice Test"]`)).toEqual({ width: 512, height: 512 })

  // The warehouse, registering that tracking number, opens the invoice the customer attached.
  const desk = await (await browser.newContext()).newPage()
  await logInThroughUi(desk, '/admin/login', demoAdmin)
  await desk.goto('/en/admin-panel')
  await desk.getByRole('main').getByLabel('Tracking code').fill(tracking)
  const link = desk.getByTestId('prealert-match').getByRole('link', { name: 'factura-amazon.pdf' })
  await expect(link).toBeVisible()
  const opened = await link.evaluate(async (anchor: HTMLAnchorElement) => (await fetch(anchor.href)).text())
  expect(opened).toBe(invoice.buffer.toString())

  // And sees the customer's photo in the users list.
  await desk.goto('/admin/users')
  await desk.getByRole('main').getByLabel('Search by name, email or role').fill(customer.email)
  await expect(desk.getByRole('row').filter({ hasText: customer.email }).locator('img')).toBeVisible()
})
