// The stand-in's stand-in for pg_cron's daily job: notify_storage_endings() at start and every
// hour after (it tells nothing twice, so the hour only bounds how late a reminder can be).
import type { PGlite } from '@electric-sql/pglite'

const EVERY_MS = 60 * 60 * 1000

export interface StorageReminders {
  /** Stops the timer and waits for a run under way. */
  close(): Promise<void>
}

export function scheduleStorageReminders(db: PGlite, log: (line: string) => void): StorageReminders {
  const run = () =>
    db.query('select public.notify_storage_endings()').then(
      () => undefined,
      (error: unknown) => log(`[storage reminders] ${error instanceof Error ? error.message : String(error)}`),
    )
  let running = run()
  const timer = setInterval(() => {
    running = running.then(run)
  }, EVERY_MS)
  timer.unref()
  return {
    async close() {
      clearInterval(timer)
      await running
    },
  }
}
