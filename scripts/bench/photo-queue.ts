// DESIGN §7: check-in photos taken offline at the desk (each a 4000 × 3000 picture, downscaled on
// the device), sent when the connection returns with 30 % of the answers lost (uploads and
// listings) and the tab killed once mid-way: each stored once, listed once in meta.photos, and no
// larger than 1600 px. (A device out of space is not measured here: headless Chromium's quota
// override neither shows in navigator.storage.estimate() nor stopped these writes. A photo the
// device cannot keep is refused in its queueing transaction and said so: use-device-write's test.)
import type { Page } from '@playwright/test'
import { SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import { countPackages, countRows, demoAdmin, logIn, seedCustomer, startBenchEnvironment, until, type BenchEnvironment } from './environment'
import type { Measure } from './measure'
import type { SuiteScope } from './runner'

const PHOTOS = 12
const LOSS_RATE = 0.3

/** A camera-sized picture made by the browser, as a file to choose: noise, which compresses as badly as a real photo. */
export async function cameraPicture(page: Page) {
  const dataUrl = await page.evaluate(() => {
    const noise = Object.assign(document.createElement('canvas'), { width: 1000, height: 750 })
    const pixels = noise.getContext('2d')!.createImageData(1000, 750)
    for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256)
    noise.getContext('2d')!.putImageData(pixels, 0, 0)
    const canvas = Object.assign(document.createElement('canvas'), { width: 4000, height: 3000 })
    canvas.getContext('2d')!.drawImage(noise, 0, 0, 4000, 3000)
    return canvas.toDataURL('image/jpeg', 0.9)
  })
  return { name: 'IMG_4000x3000.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') }
}

/** The admin's Packages page, searched for a customer's packages. */
export async function openPackages(page: Page, appUrl: string, email: string) {
  await page.goto(`${appUrl}/admin/packages`)
  await page.getByRole('main').getByLabel('Search by tracking code, locker or customer email').fill(email)
}

/** Chooses the picture for package BENCH-n in its photos dialog and waits until it is queued. */
async function photograph(page: Page, picture: Awaited<ReturnType<typeof cameraPicture>>, n: number) {
  const main = page.getByRole('main')
  const queuedBefore = await countRows(page, 'outbox')
  await main.getByRole('button', { name: `Photos of BENCH-${n}`, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Photos of BENCH-${n}` })
  await dialog.getByLabel('Choose photos').setInputFiles({ ...picture, name: `IMG_${n}.jpg` })
  await until(async () => (await countRows(page, 'outbox')) > queuedBefore, 50)
  await dialog.getByRole('button', { name: 'Close' }).click()
}

/** Width and height of a JPEG, from its first SOF marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  for (let i = 2; i < bytes.length; ) {
    const marker = bytes[i + 1]!
    const length = bytes.readUInt16BE(i + 2)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) }
    i += 2 + length
  }
  throw new Error('no SOF marker')
}

async function storedPhotos(env: BenchEnvironment, customerId: string) {
  const { rows } = await env.standIn.db.query<{ listed: number; stored: string[] }>(
    `select coalesce(jsonb_array_length(p.meta -> 'photos'), 0) as listed,
       array(select o.name from storage.objects o where o.bucket_id = 'package-photos' and o.name like p.id::text || '/%') as stored
     from public.packages p where p.user_id = $1 and p.tracking_code in (select 'BENCH-' || i from generate_series(1, $2::int) as i)`,
    [customerId, PHOTOS],
  )
  const sides = await Promise.all(
    rows.flatMap((row) => row.stored).map(async (name) => {
      const response = await fetch(`${env.standIn.url}/storage/v1/object/package-photos/${name}`, { headers: { authorization: `Bearer ${SUPABASE_LOCAL_SERVICE_ROLE_KEY}` } })
      const { width, height } = jpegSize(Buffer.from(await response.arrayBuffer()))
      return Math.max(width, height)
    }),
  )
  return { rows, longestSide: Math.max(...sides) }
}

async function replayWithFaults(scope: SuiteScope): Promise<Measure[]> {
  const env = await startBenchEnvironment(scope, { faultProxy: true })
  const customer = await seedCustomer(env, PHOTOS)
  const context = await env.browser.newContext({ serviceWorkers: 'block' })
  let page = await context.newPage()
  await logIn(page, env.appUrl, '/admin/login', demoAdmin)
  await until(async () => (await countPackages(page)) >= PHOTOS)
  const picture = await cameraPicture(page)
  await openPackages(page, env.appUrl, customer.email)
  await context.setOffline(true)
  for (let n = 1; n <= PHOTOS; n++) await photograph(page, picture, n)
  await until(async () => (await countRows(page, 'outbox')) === PHOTOS)

  const proxy = env.proxy!
  proxy.lossRate = LOSS_RATE
  proxy.matches = (method, path) => (method === 'PATCH' && path.startsWith('/storage/v1/upload/resumable/')) || path.startsWith('/rest/v1/rpc/add_package_photo')
  const started = performance.now()
  await context.setOffline(false)
  await until(async () => (await countRows(page, 'outbox')) <= PHOTOS / 2, 50, 300_000)
  await page.close({ runBeforeUnload: false })
  page = await context.newPage()
  await page.goto(`${env.appUrl}/admin/packages`)
  await until(async () => (await countRows(page, 'outbox')) === 0, 50, 300_000)
  const sendMs = performance.now() - started
  const { rows, longestSide } = await storedPhotos(env, customer.id)
  await env.close()
  return [
    { name: `${PHOTOS} photos queued offline, sent with ${LOSS_RATE * 100} % of answers lost and the tab killed once`, value: sendMs / 1000, unit: 's' },
    { name: '  answers lost after the server committed', value: proxy.lost, unit: 'answers' },
    { name: '  photos lost (not listed)', value: rows.filter((row) => row.listed === 0).length, unit: 'photos', budget: 0 },
    { name: '  photos listed twice or more', value: rows.filter((row) => row.listed > 1).length, unit: 'photos', budget: 0 },
    { name: '  photos stored twice or more', value: rows.filter((row) => row.stored.length > 1).length, unit: 'photos', budget: 0 },
    { name: '  longest side stored (from 4000 px)', value: longestSide, unit: 'px', budget: 1600 },
  ]
}

export async function benchPhotoQueue(scope: SuiteScope): Promise<Measure[]> {
  return replayWithFaults(scope)
}
