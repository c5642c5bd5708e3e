// The stand-in's Database Webhook: each row inserted into public.notifications is posted to
// send-push as a hosted project's webhook posts it. A customer's notifications go one at a time,
// in commit order (what was sent for one is settled before their next is looked at); different
// customers' go side by side, as pg_net sends a hosted project's: five thousand packages
// registered for one customer never hold up another customer's push.
import type { PGlite } from '@electric-sql/pglite'
import { SUPABASE_LOCAL_SERVICE_ROLE_KEY } from '../keys'
import { listenForChanges } from '../realtime/changes'

export interface NotificationsWebhook {
  /** Stops listening and waits for what was posted; abort `signal` first to drop and cancel it. */
  close(): Promise<void>
}

interface WebhookOptions {
  db: PGlite
  /** Where the function is served, for the request's URL. */
  functionUrl: string
  send: (request: Request) => Promise<Response>
  /** Once aborted, nothing more is posted (the function's handler stops with it too). */
  signal: AbortSignal
  log: (line: string) => void
}

export async function startNotificationsWebhook({ db, functionUrl, send, signal, log }: WebhookOptions): Promise<NotificationsWebhook> {
  // Each customer's chain of posts, and every chain still running (for close).
  const queues = new Map<string, Promise<void>>()
  const running = new Set<Promise<void>>()
  const post = async (id: string) => {
    if (signal.aborted) return
    const { rows } = await db.query<{ record: Record<string, unknown> }>('select row_to_json(n) as record from public.notifications n where n.id = $1', [id])
    if (!rows[0] || signal.aborted) return
    const response = await send(
      new Request(functionUrl, {
        method: 'POST',
        headers: { Authorization: `Bearer ${SUPABASE_LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'INSERT', table: 'notifications', schema: 'public', record: rows[0].record, old_record: null }),
      }),
    )
    const summary = await response.text()
    if (!response.ok && !signal.aborted) log(`[send-push] webhook for notification ${id}: ${response.status} ${summary}`)
  }
  const stopListening = await listenForChanges(db, (change) => {
    if (change.schema !== 'public' || change.table !== 'notifications' || change.type !== 'INSERT') return
    const id = change.key?.id
    if (typeof id !== 'string') return
    const report = (error: unknown) => log(`[send-push] webhook for notification ${id}: ${error instanceof Error ? error.message : String(error)}`)
    // PGlite answers queries in the order they are asked: the customers are known in commit order.
    const queued = db.query<{ user_id: string }>('select user_id from public.notifications where id = $1', [id]).then(({ rows }) => {
      const customer = rows[0]?.user_id ?? id
      const next = (queues.get(customer) ?? Promise.resolve()).then(() => post(id)).catch(report)
      queues.set(customer, next)
      running.add(next)
      void next.then(() => {
        running.delete(next)
        if (queues.get(customer) === next) queues.delete(customer)
      })
    }, report)
    running.add(queued)
    void queued.then(() => running.delete(queued))
  })
  return {
    async close() {
      await stopListening()
      while (running.size > 0) await Promise.all(running)
    },
  }
}
