// The stand-in's Database Webhook: each row inserted into public.notifications is posted to
// send-push as a hosted project's webhook posts it. A customer's notifications go one at a time,
// in commit order (what was sent for one is settled before their next is looked at); different
// customers' go side by side, as pg_net sends a hosted project's: five thousand packages
// registered for one customer never hold up another customer's push.
//
// PGlite answers one query at a time, in the order they are asked, the API's among them, and each
// post is a few REST requests of send-push's, each a few queries. So the webhook asks little at
// once: the customers of up to 500 new notifications in one query, and a few posts under way. Ten
// thousand packages registered at once had queued some 30,000 queries ahead of everyone's
// requests (a sign-in waited 18 s); 200 posts under way still held each of a sign-in's queries
// behind a thousand others. A push service that hangs holds one of the few until its timeout.
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

/** Notifications whose customers are looked up in one query. */
const lookupBatch = 500
/** Posts under way at once. */
export const maxPostsUnderWay = 8

/** Runs tasks with at most `max` of them under way; the others wait their turn, in order. */
function limitTo(max: number) {
  let underWay = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (underWay < max) underWay++
    else await new Promise<void>((resolve) => waiting.push(resolve)) // handed the slot of one that finished
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else underWay--
    }
  }
}

export async function startNotificationsWebhook({ db, functionUrl, send, signal, log }: WebhookOptions): Promise<NotificationsWebhook> {
  // Each customer's chain of posts, and every chain still running (for close).
  const queues = new Map<string, Promise<void>>()
  const running = new Set<Promise<void>>()
  const track = (work: Promise<void>) => {
    running.add(work)
    void work.then(() => running.delete(work))
  }
  const underWayLimit = limitTo(maxPostsUnderWay)
  const report = (id: string) => (error: unknown) => log(`[send-push] webhook for notification ${id}: ${error instanceof Error ? error.message : String(error)}`)
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
  /** Each notification, once its customer is known, joins the end of that customer's chain. */
  const chain = (id: string, customer: string) => {
    const next = (queues.get(customer) ?? Promise.resolve()).then(() => underWayLimit(() => post(id))).catch(report(id))
    queues.set(customer, next)
    track(next)
    void next.then(() => {
      if (queues.get(customer) === next) queues.delete(customer)
    })
  }
  // New notifications in commit order, waiting for their customers to be looked up.
  const arrived: string[] = []
  let lookingUp = false
  const lookUp = async () => {
    lookingUp = true
    try {
      while (arrived.length > 0 && !signal.aborted) {
        const ids = arrived.splice(0, lookupBatch)
        try {
          const { rows } = await db.query<{ id: string; user_id: string }>('select id, user_id from public.notifications where id = any($1::uuid[])', [ids])
          const customers = new Map(rows.map((row) => [row.id, row.user_id]))
          for (const id of ids) chain(id, customers.get(id) ?? id)
        } catch (error) {
          for (const id of ids) report(id)(error)
        }
      }
    } finally {
      lookingUp = false
    }
  }
  const stopListening = await listenForChanges(db, (change) => {
    if (change.schema !== 'public' || change.table !== 'notifications' || change.type !== 'INSERT') return
    const id = change.key?.id
    if (typeof id !== 'string') return
    arrived.push(id)
    if (!lookingUp) track(lookUp())
  })
  return {
    async close() {
      await stopListening()
      while (running.size > 0) await Promise.all(running)
    },
  }
}
