// Where a page's main thread spends a bench's run: with BENCH_PROFILE=<file> a bench records the
// V8 CPU profile of the run it names (the device's share of a first sync), writes it to <file>
// (open it in Chrome's DevTools, Performance) and prints the functions with the most time of
// their own. Time the main thread was idle (waiting for IndexedDB, the network) shows as "(idle)".
import { writeFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** Starts profiling `page` when BENCH_PROFILE asks for it; the returned function stops, writes and summarises. */
export async function profileWhenAsked(page: Page, what: string): Promise<() => Promise<void>> {
  const file = process.env.BENCH_PROFILE
  if (!file) return async () => {}
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
    await writeFile(file, JSON.stringify(profile))
    console.log(`  ${what}: CPU profile in ${file}; most time of their own:`)
    for (const [name, ms] of selfTimes(profile).slice(0, 30)) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${name}`)
  }
}

function selfTimes(profile: CpuProfile): [string, number][] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const totals = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber, columnNumber } = byId.get(id)!.callFrame
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}:${columnNumber + 1}`
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  })
  return [...totals].sort((a, b) => b[1] - a[1])
}
