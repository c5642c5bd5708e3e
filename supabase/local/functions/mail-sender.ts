// The stand-in's scheduler of send-mail (pg_cron's job on a hosted project): a run every `everyMs`,
// one at a time, each sending everything that is due. A mail queued by an event is in the catcher
// within about a run's interval.
import { SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../keys'

export interface MailSender {
  /** Stops the timer and waits for a run under way. */
  close(): Promise<void>
}

export const DEFAULT_MAIL_RUN_EVERY_MS = 1000

export function scheduleMailSender(functionUrl: string, send: (request: Request) => Promise<Response>, everyMs: number, log: (line: string) => void): MailSender {
  let running: Promise<void> = Promise.resolve()
  let busy = false
  const run = async () => {
    const response = await send(new Request(functionUrl, { method: 'POST', headers: { Authorization: `Bearer ${SUPABASE_LOCAL_SERVICE_ROLE_KEY}` } }))
    if (!response.ok) log(`[send-mail] ${response.status} ${await response.text()}`)
  }
  const timer = setInterval(() => {
    if (busy) return
    busy = true
    running = run()
      .catch((error: unknown) => log(`[send-mail] ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        busy = false
      })
  }, everyMs)
  timer.unref()
  return {
    async close() {
      clearInterval(timer)
      await running
    },
  }
}
