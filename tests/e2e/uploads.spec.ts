import { randomBytes, randomUUID } from 'node:crypto'
import type { Browser, Page } from '@playwright/test'
import { startSlowLink, type SlowLink } from '../../scripts/bench/slow-link'
import { expect, test } from './fixtures'
import { backendUrl, demoAdmin, logInThroughUi, newCustomer, registerPackageFor, signedIn } from './backend'
import { openCustomer } from './package-tool'

// Files over a slow link that drops, in Chromium: the page reaches the stand-in through a TCP
// link with a bottleneck and latency (scripts/bench/slow-link.ts, as its HTTP proxy), which can cut
// every connection. (Chromium's own network emulation is no use here: it holds back an upload's
// progress, not its bytes, and going offline lets an upload under way finish.) Uploads are
// resumable (tus), so a drop or a reload mid-upload goes on from the offset the server has, and each
// file is stored and listed once. npm run bench -- uploads measures the bytes and the time at 320 kbit/s.
// And an upload held back holds back no other change, made in its tab or another.

/** A browser context whose requests to the backend cross a slow link (the app itself loads directly). */
async function throughSlowLink(browser: Browser, bytesPerSecond: number) {
  const link = await startSlowLink(0, backendUrl, { bytesPerSecond, latencyMs: 150 })
  // Chromium sends loopback requests straight: `<-loopback>` takes that rule away, and the app's own host keeps it.
  const context = await browser.newContext({ proxy: { server: link.url, bypass: '<-loopback>,localhost' } })
  return { link, page: await context.newPage() }
}

/** Cuts the link mid-upload until the page has tried (and failed) to reach the server twice more. */
async function dropLink(link: SlowLink) {
  link.down()
  const refused = link.refused
  await expect.poll(() => link.refused, { timeout: 30_000 }).toBeGreaterThanOrEqual(refused + 2)
  link.up()
}

/** The Upload-Offset of every part the page sends (PATCH to a resumable upload), in order. */
function partOffsets(page: Page): number[] {
  const offsets: number[] = []
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/storage/v1/upload/resumable/')) offsets.push(Number(request.headers()['upload-offset']))
  })
  return offsets
}

/** A camera-like picture made by the browser: noise, which JPEG compresses as badly as a photo. */
async function noisyPicture(page: Page, name: string) {
  const dataUrl = await page.evaluate(() => {
    const noise = Object.assign(document.createElement('canvas'), { width: 1000, height: 667 })
    const pixels = noise.getContext('2d')!.createImageData(1000, 667)
    for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256)
    noise.getContext('2d')!.putImageData(pixels, 0, 0)
    const canvas = Object.assign(document.createElement('canvas'), { width: 3000, height: 2000 })
    canvas.getContext('2d')!.drawImage(noise, 0, 0, 3000, 2000)
    return canvas.toDataURL('image/jpeg', 0.92)
  })
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') }
}

/** An invoice that compresses as little as a scanned one. */
const invoiceOf = (name: string, bytes: number) => ({ name, mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(bytes), Buffer.from('\n%%EOF\n')]) })

/** How often the tests look at the bytes crossed, to act mid-upload: every 100 ms, not Playwright's up to 1 s. */
const closely = { timeout: 30_000, intervals: [100] }

/**
 * A customer with a prealert, signed in over a slow link, who has just attached `invoice` to it:
 * what the tests need to follow the upload.
 */
async function invoiceUploadStarted(browser: Browser, invoice: ReturnType<typeof invoiceOf>, bytesPerSecond: number) {
  const customer = await newCustomer('Invoice Upload')
  const tracking = `1Z${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`
  const client = await signedIn(customer)
  const prealertId = randomUUID()
  const { error } = await client.rpc('save_prealert', { p_op_id: randomUUID(), p_id: prealertId, p_tracking_code: tracking, p_store: 'Amazon', p_description: 'Laptop', p_declared_value_usd: 900, p_expected_on: null })
  expect(error).toBeNull()
  const { link, page } = await throughSlowLink(browser, bytesPerSecond)
  await logInThroughUi(page, '/en/login', customer)
  const item = page.getByTestId('prealert').filter({ hasText: tracking })
  await expect(item).toBeVisible()
  const offsets = partOffsets(page)
  const sentBefore = link.bytesUp
  await item.getByLabel('Attach an invoice').setInputFiles(invoice)
  return { client, prealertId, link, page, item, offsets, crossed: () => link.bytesUp - sentBefore }
}

/** One part from the first byte; after the drop, the rest from where the server had got to. */
function expectResumedAfterDrop(offsets: number[]) {
  expect(offsets[0]).toBe(0)
  expect(offsets.slice(1).length).toBeGreaterThan(0)
  expect(offsets.slice(1).every((offset) => offset > 0)).toBe(true)
}

test.describe('uploads over a slow link that drops', () => {
  test.describe.configure({ timeout: 120_000 })

  test('a package photo sent over a throttled link, dropped mid-upload, resumes from the server’s offset and is listed once', async ({ browser }) => {
    const customer = await newCustomer('Photo Drop')
    const tracking = `DROP-${randomUUID().slice(0, 8).toUpperCase()}`
    const { admin, pkg } = await registerPackageFor(customer.email, { tracking_code: tracking })
    // 4 Mbit/s: the photo (about 0.9 MB) takes about 2 s, long enough to be cut mid-way.
    const { link, page: desk } = await throughSlowLink(browser, 500_000)
    await logInThroughUi(desk, '/admin/login', demoAdmin)
    await openCustomer(desk, customer.email)
    const photo = await noisyPicture(desk, 'IMG_0001.jpg')
    const offsets = partOffsets(desk)
    const sentBefore = link.bytesUp
    const main = desk.getByRole('main')
    await main.getByRole('button', { name: `Photos of ${tracking}` }).click()
    const dialog = desk.getByRole('dialog', { name: `Photos of ${tracking}` })
    await dialog.getByLabel('Choose photos').setInputFiles(photo)
    await expect(dialog.getByRole('progressbar', { name: 'Upload of IMG_0001.jpg' })).toBeVisible()
    // Beside the package in the list too, for all its photos.
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(main.getByRole('progressbar', { name: `Photos of ${tracking} being uploaded` })).toBeVisible()
    // The bar counts what the browser handed to the network; what reached the server is what crossed the link.
    await expect.poll(() => link.bytesUp - sentBefore, closely).toBeGreaterThan(100_000)

    await dropLink(link)
    await expect(desk.getByTestId('outbox-pending')).toHaveText('0', { timeout: 60_000 })
    const onTheWire = link.bytesUp - sentBefore
    await link.close()

    expectResumedAfterDrop(offsets)
    const { data: row } = await admin.from('packages').select('meta').eq('id', pkg.id).single()
    const photos = (row!.meta as { photos: string[] }).photos
    expect(photos).toHaveLength(1)
    const { data: stored } = await admin.storage.from('package-photos').list(pkg.id)
    expect(stored?.map((object) => object.name)).toEqual([photos[0]!.split('/')[1]])
    // The photo crossed the link about once (the app's other requests ride along).
    const size = stored![0]!.metadata?.size as number
    expect(size).toBeGreaterThan(200_000)
    expect(onTheWire).toBeLessThan(1.3 * size)
  })

  test('a 5 MB invoice sent over a throttled link, dropped mid-upload, resumes from the server’s offset and is listed once', async ({ browser }) => {
    const invoice = invoiceOf('laptop-invoice.pdf', 5_000_000)
    // 8 Mbit/s: 5 s for the invoice, cut once a third has crossed.
    const { client, prealertId, link, page, item, offsets, crossed } = await invoiceUploadStarted(browser, invoice, 1_000_000)
    await expect(page.getByRole('progressbar', { name: 'Upload of laptop-invoice.pdf' })).toBeVisible()
    await expect.poll(crossed, closely).toBeGreaterThan(0.3 * invoice.buffer.length)
    await dropLink(link)
    await expect(item.getByRole('list', { name: 'Documents' }).getByRole('link', { name: 'laptop-invoice.pdf' })).toBeVisible({ timeout: 60_000 })

    expectResumedAfterDrop(offsets)
    const { data: prealert } = await client.from('prealerts').select('documents').eq('id', prealertId).single()
    const documents = (prealert as { documents: { path: string; name: string }[] }).documents
    expect(documents.map((document) => document.name)).toEqual(['laptop-invoice.pdf'])
    const folder = documents[0]!.path.split('/')[0]!
    const { data: stored } = await client.storage.from('documents').list(folder)
    expect(stored?.map((object) => [object.name, object.metadata?.size])).toEqual([[documents[0]!.path.split('/')[1], invoice.buffer.length]])
    expect(crossed()).toBeLessThan(1.3 * invoice.buffer.length)
    await link.close()
  })

  test('a reload mid-upload goes on from the offset the server has: the bytes sent before it are not sent again', async ({ browser }) => {
    const invoice = invoiceOf('reload-invoice.pdf', 3_000_000)
    // 4 Mbit/s: what is still on its way at the reload (a 75 ms one-way latency's worth) stays within the 100 KB allowed below.
    const { client, prealertId, link, page, item, offsets, crossed } = await invoiceUploadStarted(browser, invoice, 500_000)
    await expect.poll(crossed, closely).toBeGreaterThan(0.4 * invoice.buffer.length)
    const crossedBeforeReload = crossed()
    await page.reload()
    await expect(item.getByRole('list', { name: 'Documents' }).getByRole('link', { name: 'reload-invoice.pdf' })).toBeVisible({ timeout: 60_000 })

    // Before the reload, one part from the first byte; after it, the rest from where the server had got to.
    expect(offsets[0]).toBe(0)
    const afterReload = offsets.slice(1)
    expect(afterReload.length).toBeGreaterThan(0)
    // What had crossed the link, less the app's other requests and what was still on its way.
    expect(Math.min(...afterReload)).toBeGreaterThan(crossedBeforeReload - 100_000)
    expect(crossed()).toBeLessThan(1.1 * invoice.buffer.length)
    await link.close()
    const { data: prealert } = await client.from('prealerts').select('documents').eq('id', prealertId).single()
    expect((prealert as { documents: unknown[] }).documents).toHaveLength(1)
  })
})

test('a photo whose upload is held back holds back no other change, made in its tab or another', async ({ browser }) => {
  // Two tabs of the desk and a photo: near 40 s on two busy cores.
  test.setTimeout(120_000)
  const customer = await newCustomer('Held Upload')
  const [photographed, here, there] = ['HELD', 'HERE', 'THERE'].map((prefix) => `${prefix}-${randomUUID().slice(0, 8).toUpperCase()}`) as [string, string, string]
  const { admin, pkg } = await registerPackageFor(customer.email, { tracking_code: photographed })
  await registerPackageFor(customer.email, { tracking_code: here })
  await registerPackageFor(customer.email, { tracking_code: there })
  const serverStatus = async (tracking: string) => (await admin.from('packages').select('status').eq('tracking_code', tracking).single()).data?.status

  // The upload's first request waits until the test lets it through (its parts would go after it).
  const context = await browser.newContext()
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let uploadsBegun = 0
  await context.route('**/storage/v1/upload/resumable', async (route) => {
    if (route.request().method() === 'POST') {
      uploadsBegun++
      await held
    }
    await route.continue()
  })
  const desk = await context.newPage()
  await logInThroughUi(desk, '/admin/login', demoAdmin)
  const otherTab = await context.newPage()
  await openCustomer(otherTab, customer.email)
  await openCustomer(desk, customer.email)

  const main = desk.getByRole('main')
  await main.getByRole('button', { name: `Photos of ${photographed}` }).click()
  const dialog = desk.getByRole('dialog', { name: `Photos of ${photographed}` })
  await dialog.getByLabel('Choose photos').setInputFiles(await noisyPicture(desk, 'IMG_0002.jpg'))
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect.poll(() => uploadsBegun).toBeGreaterThan(0)

  // While the upload waits: a change in this tab, then one in the other, each reaches the server.
  await main.getByLabel(`Status of ${here}`).selectOption('transito')
  await expect.poll(() => serverStatus(here)).toBe('transito')
  await otherTab.getByRole('main').getByLabel(`Status of ${there}`).selectOption('aduana')
  await expect.poll(() => serverStatus(there)).toBe('aduana')
  await expect(desk.getByTestId('outbox-pending')).toHaveText('1')

  release()
  await expect(desk.getByTestId('outbox-pending')).toHaveText('0', { timeout: 30_000 })
  const { data: row } = await admin.from('packages').select('meta').eq('id', pkg.id).single()
  expect((row!.meta as { photos: string[] }).photos).toHaveLength(1)
})
