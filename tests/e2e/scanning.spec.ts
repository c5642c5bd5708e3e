import { randomUUID } from 'node:crypto'
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test'
import { expect, test, withServiceWorker } from './fixtures'
import { demoAdmin, logInThroughUi, newCustomer, signedIn } from './backend'
import { barcodeVideo } from './barcode-video'
import { chromiumLaunchOptions } from './chromium'
import { openCustomer } from './package-tool'
import { typeLikeAScanner } from './scanner-keys'
import { waitForServiceWorker } from './service-worker'

// Tracking codes from the package tool's scanners: the camera (ZXing in WebAssembly, as Debian's
// Chromium has no BarcodeDetector) and a keyboard-wedge scanner typing into the field.

/** Letters and digits only: what a scanner types the same under any keyboard layout. */
const code = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`

/** A customer who announced `tracking`: the package tool picks them when it reads the code. */
async function customerAwaiting(tracking: string) {
  const customer = await newCustomer('Scan Test')
  const client = await signedIn(customer)
  const { error } = await client.rpc('save_prealert', {
    p_op_id: randomUUID(),
    p_id: randomUUID(),
    p_tracking_code: tracking,
    p_store: 'Amazon',
    p_description: 'Barcode scanner',
    p_declared_value_usd: 40,
    p_expected_on: null,
  })
  if (error) throw error
  return customer
}

type CameraStreams = { cameraStreams: MediaStream[] }

/** Runs in the page: keeps every stream the app opens, to see them stopped. */
function keepCameraStreams() {
  const devices = navigator.mediaDevices
  const open = devices.getUserMedia.bind(devices)
  const opened = ((window as unknown as CameraStreams).cameraStreams = [] as MediaStream[])
  devices.getUserMedia = async (constraints) => {
    const stream = await open(constraints)
    opened.push(stream)
    return stream
  }
}

/** The state of every camera track the page opened. */
const cameraTracks = (page: Page) => page.evaluate(() => (window as unknown as CameraStreams).cameraStreams.flatMap((stream) => stream.getTracks().map((track) => track.readyState)))

/**
 * `adminFilming(tracking)`: the admin signed in, in a browser whose fake camera films a label of
 * `tracking`. The camera's flags go on the browser's command line, so each such page is in a
 * browser of its own, closed after the test.
 */
const cameraTest = test.extend<{ adminFilming: (tracking: string, options?: BrowserContextOptions) => Promise<Page> }>({
  adminFilming: async ({ baseURL, securityPolicy }, use, testInfo) => {
    const browsers: Browser[] = []
    await use(async (tracking, options) => {
      const video = await barcodeVideo(tracking, testInfo.outputPath(`camera-${browsers.length}`))
      const launch = chromiumLaunchOptions()
      const fakeCamera = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`]
      const browser = await chromium.launch({ ...launch, args: [...(launch.args ?? []), ...fakeCamera] })
      browsers.push(browser)
      const context = await browser.newContext({ ...options, baseURL, permissions: ['camera'] })
      await securityPolicy.watch(context)
      const page = await context.newPage()
      await page.addInitScript(keepCameraStreams)
      await logInThroughUi(page, '/admin/login', demoAdmin)
      return page
    })
    for (const browser of browsers) await browser.close()
  },
})

/**
 * Whether this device holds the open prealert for `tracking` and its owner `customerId` in its
 * customer directory: what the package tool matches a code against, offline too. Both come with
 * the admin's pull after login.
 */
function deviceHoldsPrealert(page: Page, tracking: string, customerId: string) {
  return page.evaluate(
    async ({ tracking, customerId }) => {
      const open = indexedDB.open('casillero')
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      const read = <T,>(request: (transaction: IDBTransaction) => IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          const pending = request(db.transaction(['prealerts', 'directory']))
          pending.onsuccess = () => resolve(pending.result)
          pending.onerror = () => reject(pending.error)
        })
      try {
        const prealerts = await read((tx) => tx.objectStore('prealerts').index('tracking_code').getAll(tracking))
        // A bucket holds its customers as one JSON string of tuples, the id first.
        const buckets = await read((tx) => tx.objectStore('directory').getAll())
        const listed = buckets.some((bucket: { customers: string }) => bucket.customers.includes(`"${customerId}"`))
        return prealerts.some((prealert: { user_id: string }) => prealert.user_id === customerId) && listed
      } finally {
        db.close()
      }
    },
    { tracking, customerId },
  )
}

cameraTest('a label held up to the camera, offline, fills the tracking code and picks the customer who announced it', withServiceWorker, async ({ adminFilming }) => {
  const tracking = code('CAM')
  const customer = await customerAwaiting(tracking)
  const page = await adminFilming(tracking)
  // On the page that registered the worker, which it claims when it activates: a page whose
  // navigation left while the worker was installing, and arrived after that claim, is never
  // controlled until it reloads.
  await waitForServiceWorker(page)
  await page.goto('/en/admin-panel')

  // The scanner's code comes from the service worker's precache, its WebAssembly from what the
  // worker kept when the package tool opened. The match is made from the device's copy, which
  // must have pulled the prealert before the connection drops.
  await expect.poll(() => page.evaluate(async () => (await (await caches.open('scanner-wasm')).keys()).length)).toBe(1)
  await expect.poll(() => deviceHoldsPrealert(page, tracking, customer.id)).toBe(true)
  await page.context().setOffline(true)
  const main = page.getByRole('main')
  await main.getByRole('button', { name: 'Scan code' }).click()
  const dialog = page.getByRole('dialog', { name: 'Scan a barcode' })
  await expect(main.getByLabel('Tracking code')).toHaveValue(tracking)
  await expect(dialog).toBeHidden()
  await expect(main.getByTestId('found-customer')).toContainText(customer.email)
  await expect(main.getByTestId('prealert-match')).toContainText('Amazon — Barcode scanner')
  // The camera is off once the dialog has closed.
  await expect.poll(() => cameraTracks(page)).toEqual(['ended'])
})

cameraTest('offline on a page no service worker controls, the scan dialog says the scanner cannot start and the form keeps what was typed; online, the scan reads', async ({ adminFilming }) => {
  const tracking = code('NOSW')
  const customer = await customerAwaiting(tracking)
  // As a page opened while the worker was installing, or where none can be: what it imports comes
  // from the network (this test lets no worker run).
  const page = await adminFilming(tracking)
  await page.goto('/en/admin-panel')
  const main = page.getByRole('main')
  const weight = main.getByLabel('Weight (kg)')
  await weight.fill('2.5')

  // The code read once back online is matched from the device's copy: the app may take a while to
  // notice the connection is back, so the prealert is pulled before it drops.
  await expect.poll(() => deviceHoldsPrealert(page, tracking, customer.id)).toBe(true)
  await page.context().setOffline(true)
  const scan = main.getByRole('button', { name: 'Scan code' })
  const dialog = page.getByRole('dialog', { name: 'Scan a barcode' })
  await scan.click()
  await expect(dialog.getByRole('alert')).toHaveText('The camera or the scanner could not start. Type the tracking code instead.')
  await expect.poll(() => cameraTracks(page)).toEqual(['ended'])
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(weight).toHaveValue('2.5')

  await page.context().setOffline(false)
  await scan.click()
  await expect(main.getByLabel('Tracking code')).toHaveValue(tracking)
  await expect(dialog).toBeHidden()
  await expect(main.getByTestId('found-customer')).toContainText(customer.email)
  await expect(weight).toHaveValue('2.5')
  await expect.poll(() => cameraTracks(page)).toEqual(['ended', 'ended'])
})

test('the scan dialog says why the camera cannot start; Escape and Cancel close it', async ({ page }) => {
  await logInThroughUi(page, '/admin/login', demoAdmin)
  await page.goto('/en/admin-panel')
  const scan = page.getByRole('main').getByRole('button', { name: 'Scan code' })
  const dialog = page.getByRole('dialog', { name: 'Scan a barcode' })

  // Allowed, but this machine has none (the suite's browser has no fake camera).
  await page.context().grantPermissions(['camera'])
  await scan.click()
  await expect(dialog.getByRole('alert')).toHaveText('No camera was found on this device. Type the tracking code instead.')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // Blocked, and held by another app, as the browser reports them.
  const problems = [
    ['NotAllowedError', "Camera access is blocked for this site. Allow it in the browser's site settings and try again."],
    ['NotReadableError', 'The camera is in use by another app or tab. Close it and try again.'],
  ] as const
  for (const [error, message] of problems) {
    await page.evaluate((name) => (navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('', name))), error)
    await scan.click()
    await expect(dialog.getByRole('alert')).toHaveText(message)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
  }
})

test('a scanner typing into the field fills it without submitting; a person typing and pressing Enter still submits', async ({ page }) => {
  const customer = await newCustomer('Wedge Test')
  const [scanned, typed] = [code('WEDGE'), code('HAND')]
  await logInThroughUi(page, '/admin/login', demoAdmin)
  await openCustomer(page, customer.email)
  const main = page.getByRole('main')
  await main.getByLabel('Weight (kg)').fill('1.5')

  // A scan replaces whatever the field held, and its Enter leaves the form to finish.
  const tracking = main.getByLabel('Tracking code')
  await tracking.fill('LEFTOVER')
  await typeLikeAScanner(page, scanned)
  await expect(tracking).toHaveValue(scanned)
  await expect(tracking).toBeFocused()

  await tracking.fill('')
  await tracking.pressSequentially(typed, { delay: 120 })
  await tracking.press('Enter')
  await expect(page.getByTestId('toast').first()).toContainText('Package created.')
  await expect(page.getByTestId('admin-package').filter({ hasText: typed })).toBeVisible()
  // Packages are saved in the order they are created: a package from the scan's Enter would show by now.
  await expect(page.getByTestId('admin-package')).toHaveCount(1)
})
