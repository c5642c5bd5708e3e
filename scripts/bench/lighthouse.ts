// Lighthouse on the production build, as a phone on a slow 4G connection sees it (Lighthouse's
// mobile defaults, simulated throttling): each page's four category scores and its LCP, from the
// median of five runs (Lighthouse's own advice on variability).
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { screenEmulationMetrics } from 'lighthouse/core/config/constants.js'
import { startStandIn } from '../../supabase/local/server'
import { chromiumLaunchOptions } from '../../tests/e2e/chromium'
import { benchBackendPort } from './environment'
import type { Measure } from './measure'
import { startPreview } from './preview'
import type { SuiteScope } from './runner'

const pages = ['/es', '/en/pricing', '/es/faqs', '/es/blog', '/en/blog/consolidation-save-on-shipping']

const categoryFloors = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 }
const lcpBudgetMs = 1500
type Category = keyof typeof categoryFloors

// Both are in every report of these categories; a missing one means Lighthouse changed under us.
function categoryOf(lhr: Result, id: Category) {
  const category = lhr.categories[id]
  if (!category) throw new Error(`the report has no category ${id}`)
  return category
}
function auditOf(lhr: Result, id: string) {
  const audit = lhr.audits[id]
  if (!audit) throw new Error(`the report has no audit ${id}`)
  return audit
}

/** The elements an audit's details point at (every node in its tables), by selector, so the reader can find them. */
function elementsOf(details: unknown): string[] {
  if (Array.isArray(details)) return [...new Set(details.flatMap(elementsOf))]
  if (!details || typeof details !== 'object') return []
  const node = details as { type?: unknown; selector?: unknown }
  if (node.type === 'node' && typeof node.selector === 'string') return [node.selector]
  return [...new Set(Object.values(details).flatMap(elementsOf))]
}

/**
 * What lowers a category's score: its weighted audits that did not pass, and the diagnostics that
 * estimate a saving on a metric (what to change for performance), each with where and how much.
 */
function failingAudits(lhr: Result, category: Category): string[] {
  return categoryOf(lhr, category)
    .auditRefs.map((ref) => ({ ref, audit: auditOf(lhr, ref.id) }))
    .filter(({ audit }) => audit.score !== null && audit.score < 1)
    .filter(({ ref, audit }) => ref.weight > 0 || (ref.group === 'diagnostics' && Object.values(audit.metricSavings ?? {}).some((saving) => (saving ?? 0) > 0)))
    .map(({ audit }) => {
      const shown = audit.displayValue ? ` (${audit.displayValue})` : ''
      const elements = elementsOf(audit.details).slice(0, 3)
      return `${audit.id}: ${audit.title}${shown}${elements.length ? ` at ${elements.join(', ')}` : ''}`
    })
}

async function audit(url: string, port: number): Promise<Result> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(categoryFloors),
    formFactor: 'mobile',
    screenEmulation: screenEmulationMetrics.mobile,
    throttlingMethod: 'simulate',
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  if (result.lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`)
  return result.lhr
}

/**
 * Lighthouse's simulation scales the CPU time it observed, so one busy moment on a 2-core machine
 * moves a score by several points: the run with the median performance score of `runs`, as
 * Lighthouse's own guidance on variability recommends.
 */
async function medianAudit(url: string, port: number, runs = 5): Promise<Result> {
  const results: Result[] = []
  for (let run = 0; run < runs; run++) results.push(await audit(url, port))
  const score = (lhr: Result) => categoryOf(lhr, 'performance').score ?? 0
  return results.sort((a, b) => score(a) - score(b))[Math.floor(runs / 2)]!
}

function measuresOf(path: string, lhr: Result): Measure[] {
  const scores = (Object.entries(categoryFloors) as [Category, number][]).map(([category, floor]) => ({
    name: `${path} ${categoryOf(lhr, category).title}`,
    value: Math.round((categoryOf(lhr, category).score ?? 0) * 100),
    unit: 'points',
    floor,
    whyMissed: failingAudits(lhr, category),
  }))
  const lcp = auditOf(lhr, 'largest-contentful-paint')
  return [
    ...scores,
    {
      name: `${path} Largest Contentful Paint`,
      value: lcp.numericValue ?? Infinity,
      unit: 'ms',
      budget: lcpBudgetMs,
      whyMissed: elementsOf(auditOf(lhr, 'largest-contentful-paint-element').details).map((element) => `the largest element: ${element}`),
    },
  ]
}

export async function benchLighthouse(scope: SuiteScope): Promise<Measure[]> {
  // The app probes its backend on start; a refused connection would be a console error no visitor sees.
  const standIn = await startStandIn({ port: benchBackendPort, quiet: true, log: () => {} })
  scope.defer(() => standIn.close())
  const preview = await startPreview()
  scope.defer(() => preview.stop())
  const { executablePath, args = [] } = chromiumLaunchOptions()
  const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags: [...args, '--headless=new'] })
  scope.defer(async () => {
    const exited = chrome.process.exitCode === null && chrome.process.signalCode === null ? new Promise((resolve) => chrome.process.once('exit', resolve)) : null
    chrome.kill()
    await exited
  })
  const measures: Measure[] = []
  // A first audit, not counted: right after Chrome, the backend and the preview server start, the
  // machine is still busy with them, and the first page measured paid for it (its blocking time
  // ranged 100–530 ms over otherwise identical runs).
  await audit(`${preview.url}${pages[0]}`, chrome.port)
  // One page at a time: simulated throttling still needs the CPU to itself.
  for (const path of pages) measures.push(...measuresOf(path, await medianAudit(`${preview.url}${path}`, chrome.port)))
  return measures
}
