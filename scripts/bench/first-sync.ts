// An admin's first sync as the app itself times it: the sync engine marks in the performance
// timeline when the desk is usable ("casillero: desk ready": the directory, open packages, shipments
// in flight and open prealerts written) and when the whole working set is in ("casillero: working set
// ready"), both measured from the start of the pull. The page also records its long tasks (over 50
// ms on the main thread) from the start, so a bench can tell the longest one during the sync.
import type { BrowserContext, Page } from '@playwright/test'

export interface FirstSync {
  /** From the start of the pull until the desk's stage was written. */
  deskMs: number
  /** From the start of the pull until the whole working set was. */
  workingSetMs: number
  /** Long tasks that began during the sync. */
  longTasks: number
  /** The longest of them (0 when none). */
  longestTaskMs: number
}

/** Makes every page of `context` record its long tasks from its first moment. */
export async function recordLongTasks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const tasks: { startTime: number; duration: number }[] = []
    ;(window as unknown as { benchLongTasks: typeof tasks }).benchLongTasks = tasks
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ startTime: entry.startTime, duration: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
  })
}

/** Waits for the first sync to be in, and says how it went. */
export async function firstSync(page: Page, timeoutMs = 600_000): Promise<FirstSync> {
  await page.waitForFunction(() => performance.getEntriesByName('casillero: working set ready').length > 0, undefined, { timeout: timeoutMs, polling: 100 })
  return page.evaluate(() => {
    const [desk] = performance.getEntriesByName('casillero: desk ready')
    const [all] = performance.getEntriesByName('casillero: working set ready')
    const during = ((window as unknown as { benchLongTasks?: { startTime: number; duration: number }[] }).benchLongTasks ?? []).filter(
      (task) => task.startTime >= all!.startTime && task.startTime <= all!.startTime + all!.duration,
    )
    return {
      deskMs: desk?.duration ?? 0,
      workingSetMs: all!.duration,
      longTasks: during.length,
      longestTaskMs: Math.max(0, ...during.map((task) => task.duration)),
    }
  })
}
