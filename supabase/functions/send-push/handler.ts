// send-push over HTTP, with Web APIs only, so the Edge Function (index.ts, Deno) and the local
// stand-in (Node) run the same code. GET gives the app the VAPID public key it subscribes with;
// POST, from the database webhook with the service role key, pushes one new notification.
import { ConfigError, readConfig, type Env, type SendPushConfig } from './config.ts'
import { deliverNotification } from './deliver-notification.ts'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.ts'
import { readWebhookEvent } from './webhook-event.ts'
import { sameSecret } from '../_shared/http.ts'

export interface SendPushOptions {
  retry?: RetryPolicy
  /** Stops sending and waiting (the local stand-in closing). */
  signal?: AbortSignal
  log?: (line: string) => void
}

// The public key is public: the app reads it from whatever origin it is served on.
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
}

export function sendPushHandler(env: Env, options: SendPushOptions = {}): (request: Request) => Promise<Response> {
  const log = options.log ?? ((line: string) => console.error(line))
  const context = { policy: options.retry ?? DEFAULT_RETRY_POLICY, log }
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS })
    let config: SendPushConfig
    try {
      config = readConfig(env)
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      log(`[send-push] ${error.message}`)
      return json(500, { error: 'send-push is not configured' })
    }
    if (request.method === 'GET') return json(200, { publicKey: config.vapid.publicKey }, CORS_HEADERS)
    if (request.method !== 'POST') return json(405, { error: 'GET or POST' }, { Allow: 'GET, POST, OPTIONS' })
    if (!sameSecret(bearerToken(request), config.serviceRoleKey)) return json(401, { error: 'Only the database webhook, with the service role key, sends pushes' })

    let body: unknown
    try {
      body = await request.json()
    } catch {
      return json(400, { error: 'The body must be JSON' })
    }
    const event = readWebhookEvent(body)
    if (event.kind === 'invalid') return json(400, { error: event.reason })
    if (event.kind === 'other') return json(200, { ignored: true })
    const scope = requestScope(options.signal)
    try {
      const summary = await deliverNotification(event.id, config, { ...context, signal: scope.signal })
      return json(200, summary ?? { ignored: true, reason: 'No such notification' })
    } catch (error) {
      if (!options.signal?.aborted) log(`[send-push] notification ${event.id}: ${error instanceof Error ? error.message : String(error)}`)
      return json(502, { error: 'The database could not be asked whom to push to' })
    } finally {
      scope.release()
    }
  }
}

/**
 * A signal for one request that aborts with `parent`. fetch and AbortSignal.any keep their abort
 * listeners on the signal they are given, so a process that gives every request its one long-lived
 * signal (the stand-in's, aborted when it closes) would gather them without end.
 */
function requestScope(parent: AbortSignal | undefined): { signal: AbortSignal | undefined; release: () => void } {
  if (!parent) return { signal: undefined, release: () => {} }
  const controller = new AbortController()
  const abort = () => controller.abort(parent.reason)
  if (parent.aborted) abort()
  else parent.addEventListener('abort', abort, { once: true })
  return { signal: controller.signal, release: () => parent.removeEventListener('abort', abort) }
}

function bearerToken(request: Request): string {
  return /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim() ?? ''
}

function json(status: number, value: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json', ...headers } })
}
