import { type Page } from '@playwright/test'
import { expect, test, withServiceWorker } from './fixtures'
import { waitForServiceWorker } from './service-worker'

async function priceAShipment(page: Page, labels: { weight: string; length: string; width: string; height: string }) {
  const main = page.getByRole('main')
  await main.getByLabel(labels.weight).fill('10')
  await main.getByLabel(labels.length, { exact: true }).fill('12')
  await main.getByLabel(labels.width, { exact: true }).fill('10')
  await main.getByLabel(labels.height, { exact: true }).fill('8')
}

const english = { weight: 'Weight (lb)', length: 'Length', width: 'Width', height: 'Height' }

test('the header leads to the calculator, which prices a shipment with its breakdown', async ({ page }) => {
  await page.goto('/en/pricing')
  await page.getByRole('main').getByRole('link', { name: 'Price a shipment' }).click()
  await expect(page).toHaveURL('/en/calculator')
  await page.goto('/en')
  await page.getByRole('banner').getByRole('link', { name: 'Calculator' }).first().click()
  await expect(page).toHaveURL('/en/calculator')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipping calculator')
  await priceAShipment(page, english)
  await page.getByRole('main').getByRole('checkbox', { name: /Consolidation/ }).check()
  // Standard by default: 10 lb × $3.99, consolidation free on Standard.
  await expect(page.getByTestId('quote-total')).toHaveText('$39.90')
  await page.getByRole('main').getByRole('radio', { name: /Basic/ }).check()
  await expect(page.getByTestId('quote-total')).toHaveText('$54.90')
})

test('both slugs answer in both languages, and the language switch keeps the page', async ({ page }) => {
  for (const path of ['/es/calculadora', '/es/calculator', '/en/calculator', '/en/calculadora']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(path.startsWith('/es') ? 'Calculadora de envíos' : 'Shipping calculator')
  }
  await page.goto('/es/calculadora')
  await page.getByRole('navigation', { name: 'Idioma' }).getByRole('link', { name: /English/ }).click()
  await expect(page).toHaveURL('/en/calculator')
})

test('once visited, it prices a shipment offline after a reload', withServiceWorker, async ({ page, context }) => {
  await page.goto('/es/calculadora')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await page.reload()
  await priceAShipment(page, { weight: 'Peso (lb)', length: 'Largo', width: 'Ancho', height: 'Alto' })
  await expect(page.getByTestId('quote-total')).toHaveText('$39.90')
})
