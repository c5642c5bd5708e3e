// Where a page's main thread spends a bench's run, native work included: with BENCH_TRACE=<file> a
// bench records a Chrome trace of the run it names (open it in Chrome's DevTools, Performance) and
// prints the trace events with the most time of their own on the page's main thread. A CPU profile
// (cpu-profile.ts) names JavaScript functions but lumps the rest (style, layout, IndexedDB's
// serialising, garbage collection, IPC) into "(program)"; the trace names that too.
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'

interface TraceEvent {
  name: string
  cat?: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: { name?: string }
}

const categories = ['toplevel', 'v8', 'v8.execute', 'blink', 'blink.user_timing', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.gc', 'IndexedDB', 'loading']

/**
 * Starts tracing `page` when BENCH_TRACE asks for it; the returned function stops, writes (to
 * BENCH_TRACE, with `suffix` before its extension) and summarises, within the page's performance
 * measure `within` when it names one.
 */
export async function traceWhenAsked(page: Page, what: string, { within, suffix = '' }: { within?: string; suffix?: string } = {}): Promise<() => Promise<void>> {
  const asked = process.env.BENCH_TRACE
  const browser = page.context().browser()
  if (!asked || !browser) return async () => {}
  const file = asked.replace(/(\.json)?$/, `${suffix}$1`)
  await browser.startTracing(page, { path: file, categories })
  return async () => {
    await browser.stopTracing()
    const { traceEvents } = JSON.parse(await readFile(file, 'utf8')) as { traceEvents: TraceEvent[] }
    const { thread, wallMs, selfMs } = mainThreadSelfTimes(traceEvents, within)
    console.log(`  ${what}: trace in ${file}; on the page's main thread (${thread}), ${within ? `during "${within}"` : 'from its first event to its last'}: ${wallMs.toFixed(0)} ms, most time of their own:`)
    for (const [name, ms] of selfMs.slice(0, 30)) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${name}`)
  }
}

/**
 * Self time by event name on the busiest renderer main thread (an event's duration less that of the
 * events nested in it), within the user timing measure `within` if given; "(idle)" is the time in no task.
 */
export function mainThreadSelfTimes(events: TraceEvent[], within?: string) {
  const measure = events.filter((event) => event.cat === 'blink.user_timing' && event.name === within)
  const from = measure.find((event) => event.ph === 'b')?.ts ?? -Infinity
  const to = measure.find((event) => event.ph === 'e')?.ts ?? Infinity
  const mains = events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  const keyOf = (event: { pid: number; tid: number }) => `${event.pid}:${event.tid}`
  const mainKeys = new Set(mains.map(keyOf))
  const byThread = new Map<string, TraceEvent[]>()
  for (const event of events) {
    if (event.ph !== 'X' || event.dur === undefined || !mainKeys.has(keyOf(event)) || event.ts < from || event.ts > to) continue
    const list = byThread.get(keyOf(event)) ?? []
    list.push(event)
    byThread.set(keyOf(event), list)
  }
  const [thread, complete] = [...byThread].sort((a, b) => b[1].length - a[1].length)[0] ?? ['none', []]
  complete.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const selfMs = new Map<string, number>()
  const open: TraceEvent[] = []
  let busy = 0
  for (const event of complete) {
    while (open.length > 0 && open.at(-1)!.ts + open.at(-1)!.dur! <= event.ts) open.pop()
    const parent = open.at(-1)
    if (!parent) busy += event.dur! / 1000
    if (parent) selfMs.set(parent.name, (selfMs.get(parent.name) ?? 0) - event.dur! / 1000)
    selfMs.set(event.name, (selfMs.get(event.name) ?? 0) + event.dur! / 1000)
    open.push(event)
  }
  const first = Number.isFinite(from) ? from : (complete[0]?.ts ?? 0)
  const last = Number.isFinite(to) ? to : complete.reduce((latest, event) => Math.max(latest, event.ts + event.dur!), first)
  const wallMs = (last - first) / 1000
  selfMs.set('(idle)', wallMs - busy)
  return { thread, wallMs, selfMs: [...selfMs].sort((a, b) => b[1] - a[1]) }
}
