// The stand-in's Database Webhook: each row inserted into public.notifications is posted to
// send-push as a hosted project's webhook posts it. One at a time, in commit order: what was sent
// for one notification is settled before the next is looked at.
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
  let queue = Promise.resolve()
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
    queue = queue.then(() => post(id)).catch((error: unknown) => log(`[send-push] webhook for notification ${id}: ${error instanceof Error ? error.message : String(error)}`))
  })
  return {
    async close() {
      await stopListening()
      await queue
    },
  }
}
