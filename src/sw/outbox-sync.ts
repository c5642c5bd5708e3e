/// <reference lib="webworker" />
import { createAuthStorage } from '@/local-db/auth-storage'
import { readOwner } from '@/local-db/owner'
import { createSupabase } from '@/remote/create-client'
import { flushUntil } from '@/sync-engine/push'
import { flushRequest, type FlushReply } from '@/sync-engine/worker-protocol'

declare const self: ServiceWorkerGlobalScope

/** How long an open page may take to answer before the worker sends the outbox itself. */
const pageAnswerMs = 10_000
/** Chromium ends a sync event after 3 minutes; the worker stops waiting out backoffs well before. */
const syncEventBudgetMs = 2 * 60_000

/** Asks an open page to send the outbox; resolves with its answer, or null if it does not answer in time. */
function askPage(page: Client): Promise<FlushReply | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(null), pageAnswerMs)
    channel.port1.onmessage = (event: MessageEvent<FlushReply>) => {
      clearTimeout(timer)
      resolve(event.data)
    }
    page.postMessage({ type: flushRequest }, [channel.port2])
  })
}

/**
 * No page open: the worker sends the outbox itself, as the user whose session is stored, by the
 * page's rules: changes the server answers "not now" (a restart, 5xx, 429) are tried again after
 * their backoff for as long as the event may last, then left for the browser's next sync event.
 * Files wait for a page (with what is queued behind them on the same row): their resumable uploads
 * need XMLHttpRequest, which a worker lacks, to see their bytes move (a stall is told from a slow
 * link by that) and to show their progress. The app sends them when it next opens.
 */
async function flushHere(started: number): Promise<FlushReply> {
  const client = createSupabase({ storage: createAuthStorage(), worker: true })
  const [{ data }, owner] = await Promise.all([client.auth.getSession(), readOwner()])
  // Only the session that owns this device's data sends its changes (one that ended leaves them for the next sign-in).
  if (!data.session || owner?.userId !== data.session.user.id) return { done: true }
  const { retryAt } = await flushUntil(client, owner, started + syncEventBudgetMs, { files: false })
  return { done: retryAt === null }
}

/**
 * Background Sync (DESIGN §6): with a page open, that page sends (it owns the session's refreshes
 * and shows progress); with none, the worker does. A failure rejects, so the browser tries again
 * later. Exactly once comes from the op ids on the server, whoever sends.
 */
export async function syncOutbox(): Promise<void> {
  const started = Date.now()
  const pages = await self.clients.matchAll({ type: 'window' })
  const reply = (pages[0] && (await askPage(pages[0]))) ?? (await flushHere(started))
  if (!reply.done) throw new Error('Some changes could not be sent yet; the browser will try again.')
}
