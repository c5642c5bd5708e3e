// The stand-in's stand-in for pg_cron's daily jobs: the storage reminders (notify_storage_endings)
// and the storage fees (post_storage_fees), at start and every hour after, one after the other.
// Each does nothing twice (a reminder is told once, a fee posted once per package and day, a missed
// day caught up), so the hour only bounds how late one can be.
import type { PGlite } from '@electric-sql/pglite'

const EVERY_MS = 60 * 60 * 1000

/** What pg_cron runs on a hosted project (supabase/schemas/70_notifications.sql, 96_money.sql). */
const JOBS = [
  { name: 'storage reminders', sql: 'select public.notify_storage_endings()' },
  { name: 'storage fees', sql: 'select public.post_storage_fees()' },
]

export interface DailyJobs {
  /** Stops the timer and waits for a run under way. */
  close(): Promise<void>
}

export function scheduleDailyJobs(db: PGlite, log: (line: string) => void): DailyJobs {
  const run = async () => {
    for (const job of JOBS) {
      await db.query(job.sql).catch((error: unknown) => log(`[${job.name}] ${error instanceof Error ? error.message : String(error)}`))
    }
  }
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
