// DESIGN §7: a check-in photo (about 1 MB once downscaled on the device) sent from the desk over a
// warehouse's bad link, 320 kbit/s up with 150 ms of latency, cut once for 6 s mid-upload (every
// connection dropped, new ones refused: scripts/bench/slow-link.ts between the app and the
// stand-in). Uploads are resumable, so after the drop the photo goes on from the offset the server
// has: it crosses the link about once (≤ 1.3× its size, the app's other requests included) and is
// listed on its package within a minute of being chosen.
import type { Page } from '@playwright/test'
import { countPackages, demoAdmin, logIn, seedCustomer, startBenchEnvironment, until } from './environment'
import type { Measure } from './measure'
import { cameraPicture, openPackages } from './photo-queue'
import type { SuiteScope } from './runner'

const UPLINK_BYTES_PER_SECOND = 40_000
const LATENCY_MS = 150
const DROP_MS = 6000
/** Where the upload is when the link drops: this share of the photo has crossed it. */
const DROP_AT = 0.4

/** Runs in the page: the size of the file waiting in the outbox, once it is there. */
function queuedFileSize(page: Page): Promise<number | null> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('casillero')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    try {
      const ops = await new Promise<{ kind: string; size?: number }[]>((resolve, reject) => {
        const request = db.transaction('outbox').objectStore('outbox').getAll()
        request.onsuccess = () => resolve(request.result as { kind: string; size?: number }[])
        request.onerror = () => reject(request.error)
      })
      return ops.find((op) => op.kind === 'upload-file')?.size ?? null
    } finally {
      db.close()
    }
  })
}

export async function benchUploads(scope: SuiteScope): Promise<Measure[]> {
  const env = await startBenchEnvironment(scope, { slowLink: { bytesPerSecond: UPLINK_BYTES_PER_SECOND, latencyMs: LATENCY_MS } })
  const link = env.link!
  const customer = await seedCustomer(env, 1)
  const page = await (await env.browser.newContext({ serviceWorkers: 'block' })).newPage()
  await logIn(page, env.appUrl, '/admin/login', demoAdmin)
  await until(async () => (await countPackages(page)) >= 1, 50)
  const picture = await cameraPicture(page)
  await openPackages(page, env.appUrl, customer.email)
  await page.getByRole('main').getByRole('button', { name: 'Photos of BENCH-1', exact: true }).click()
  const chooser = page.getByRole('dialog', { name: 'Photos of BENCH-1' }).getByLabel('Choose photos')

  const sentBefore = link.bytesUp
  const started = performance.now()
  await chooser.setInputFiles(picture)
  let size: number | null = null
  await until(async () => (size = await queuedFileSize(page)) !== null, 50)
  await until(async () => link.bytesUp - sentBefore > DROP_AT * size!, 50)
  link.drop(DROP_MS)
  const listed = async () => {
    const { rows } = await env.standIn.db.query<{ listed: number }>(`select coalesce(jsonb_array_length(meta -> 'photos'), 0) as listed from public.packages where user_id = $1`, [customer.id])
    return rows[0]?.listed ?? 0
  }
  await until(async () => (await listed()) > 0, 100)
  const listedSeconds = (performance.now() - started) / 1000
  const onTheWire = link.bytesUp - sentBefore
  const { rows: stored } = await env.standIn.db.query(
    `select 1 from storage.objects o join public.packages p on o.name like p.id::text || '/%' where o.bucket_id = 'package-photos' and p.user_id = $1`,
    [customer.id],
  )
  const timesListed = await listed()
  await env.close()
  return [
    { name: `a photo chosen at the desk, ${UPLINK_BYTES_PER_SECOND * 8 / 1000} kbit/s up, ${LATENCY_MS} ms, one ${DROP_MS / 1000} s drop`, value: size! / 1_000_000, unit: 'MB' },
    { name: '  listed on its package', value: listedSeconds, unit: 's', budget: 60 },
    { name: '  bytes on the wire, per byte of the photo', value: onTheWire / size!, unit: '×', budget: 1.3 },
    { name: '  times listed', value: timesListed, unit: 'times', budget: 1 },
    { name: '  objects stored', value: stored.length, unit: 'objects', budget: 1 },
  ]
}
