import { readFile } from 'node:fs/promises'
import { addDays, warehouseToday } from '../../src/features/admin/reports/report-range'
import { expect, test, withServiceWorker } from './fixtures'
import { demoAdmin, logInThroughUi } from './backend'
import { waitForServiceWorker } from './service-worker'

// The demo's past customer received three packages 399, 398 and 397 days ago, each shipped 5 days
// and delivered 12 days after arriving; nothing else in the demo data or in another spec happens
// that long ago, so a range around them has exact figures on a backend every spec shares.

const today = warehouseToday()
const pastRange = { from: addDays(today, -405), to: addDays(today, -380) }
const noticed = { timeout: 15_000 }

test('the admin reports a range: charts, the numbers as tables and CSV, by day and week, and the last report opens offline', withServiceWorker, async ({ page, context }) => {
  await logInThroughUi(page, '/admin/login', demoAdmin)
  await waitForServiceWorker(page)
  await page.goto('/admin/reports')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
  // Opening computes the last 30 days.
  await expect(main.getByTestId('report-range')).toHaveText(/, by day$/)

  await main.getByLabel('From', { exact: true }).fill(pastRange.from)
  await main.getByLabel('To', { exact: true }).fill(pastRange.to)
  await main.getByRole('button', { name: 'Show report' }).click()
  const flow = main.getByRole('figure', { name: 'Received, shipped and delivered' })
  await expect(flow.getByRole('definition')).toHaveText(['3', '3', '3'])
  await expect(flow.getByTestId('report-chart').locator('canvas')).toBeVisible()
  const flowNumbers = flow.getByRole('region', { name: 'Received, shipped and delivered: the numbers' })
  await expect(flowNumbers.getByRole('row')).toHaveCount(1 + 26)
  await expect(flowNumbers.getByRole('columnheader')).toHaveText(['Day', 'Received', 'Shipped', 'Delivered'])

  const toShipment = main.getByRole('figure', { name: 'Days from arrival to shipment' })
  await expect(toShipment.getByRole('definition')).toHaveText(['5', '5', '3'])
  const waiting = main.getByRole('figure', { name: 'Waiting, by status and days since arrival' })
  await expect(waiting.getByRole('rowheader')).toHaveText(['Received in Miami', 'Consolidating', 'In transit', 'In customs', 'Ready for pickup'])
  await expect(main.getByRole('figure', { name: 'Prealerts matched on arrival' }).getByRole('definition').first()).toHaveText('0 / 3')

  const [download] = await Promise.all([page.waitForEvent('download'), flow.getByRole('button', { name: 'Download CSV: Received, shipped and delivered' }).click()])
  expect(download.suggestedFilename()).toBe(`flow-${pastRange.from}-${pastRange.to}.csv`)
  const [header, ...lines] = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n')
  expect(header).toBe('Day,Received,Shipped,Delivered')
  expect(lines).toHaveLength(26)
  expect(lines[0]).toMatch(new RegExp(`^${pastRange.from},`))
  const sum = (column: number) => lines.reduce((total, line) => total + Number(line.split(',')[column]), 0)
  expect([sum(1), sum(2), sum(3)]).toEqual([3, 3, 3])

  await main.getByLabel('Group by').selectOption('week')
  await main.getByRole('button', { name: 'Show report' }).click()
  await expect(main.getByTestId('report-range')).toHaveText(/, by week$/)
  await expect(flowNumbers.getByRole('columnheader').first()).toHaveText('Week starting')
  await expect(flow.getByRole('definition')).toHaveText(['3', '3', '3'])
  const weekRows = await flowNumbers.getByRole('row').count()
  expect(weekRows - 1).toBeGreaterThanOrEqual(4)
  expect(weekRows - 1).toBeLessThanOrEqual(5)

  await context.setOffline(true)
  await page.reload()
  await expect(main.getByTestId('reports-offline')).toHaveText('You are offline: this is the report saved on this device.', noticed)
  await expect(main.getByTestId('report-range')).toHaveText(/, by week$/)
  await expect(main.getByTestId('report-computed')).toContainText('Computed ')
  await expect(flow.getByRole('definition')).toHaveText(['3', '3', '3'])
  await main.getByRole('button', { name: 'Last 7 days' }).click()
  await expect(main.getByTestId('reports-offline')).toHaveText('You are offline: a new range needs a connection. This is the report saved on this device.')
  await expect(flow.getByRole('definition')).toHaveText(['3', '3', '3'])
  await context.setOffline(false)
})

test('a bad range is refused before it is sent, in the admin’s language', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'es'))
  await logInThroughUi(page, '/admin/login', demoAdmin, 'es')
  await page.goto('/admin/reports')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Reportes', level: 1 })).toBeVisible()
  await expect(main.getByRole('figure', { name: 'Recibidos, enviados y entregados' })).toBeVisible()
  await main.getByLabel('Desde', { exact: true }).fill(addDays(today, -400))
  await main.getByRole('button', { name: 'Ver reporte' }).click()
  await expect(main.getByText('Un reporte abarca como máximo 400 días.')).toBeVisible()
  await expect(main.getByLabel('Hasta', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await main.getByLabel('Desde', { exact: true }).fill(addDays(today, 1))
  await main.getByRole('button', { name: 'Ver reporte' }).click()
  await expect(main.getByText('La fecha de inicio es posterior a la de fin.')).toBeVisible()
  await main.getByLabel('Desde', { exact: true }).fill(addDays(today, -6))
  await main.getByRole('button', { name: 'Ver reporte' }).click()
  await expect(main.getByTestId('report-range')).toContainText(', por día')
  await expect(main.getByLabel('Hasta', { exact: true })).not.toHaveAttribute('aria-invalid', 'true')
})
