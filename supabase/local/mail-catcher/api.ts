// Mailpit's API v1 over the caught mail: GET /api/v1/messages (?start, ?limit), DELETE
// /api/v1/messages (all, or {"IDs": [...]}), GET /api/v1/message/{ID} (or "latest"), its /headers,
// GET /api/v1/search?query=…, and POST /api/v1/send (Mailpit's HTTP sending, which the send-mail
// function's local provider uses; an Idempotency-Key header makes a retry catch nothing new). Plus the
// pages at / and /view/{ID}. No key, so only requests addressed to a loopback host are answered (the
// server binds 127.0.0.1 and sends no CORS headers); writes must be JSON, which no page can send here
// without a preflight this server never grants.
import type { Handler, HttpRequest, HttpResponse } from '../http'
import { json } from '../http'
import { parseJsonBody } from '../json-body'
import { addressedToLoopback } from '../mail'
import { type CaughtMail, type MailAddress, type MessageSummary } from './messages'
import { listPage, messagePage } from './page'
import { matcher } from './search'

const notFound = (): HttpResponse => ({ status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'Not found' })
const badRequest = (message: string): HttpResponse => ({ status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: message })
const ok = (): HttpResponse => ({ status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'ok' })

function summary(caught: CaughtMail, messages: MessageSummary[], url: URL) {
  const start = Math.max(0, Number.parseInt(url.searchParams.get('start') ?? '0', 10) || 0)
  const limit = Math.max(1, Number.parseInt(url.searchParams.get('limit') ?? '50', 10) || 50)
  const page = messages.slice(start, start + limit)
  return { total: caught.total, unread: caught.unread(), count: page.length, messages_count: messages.length, start, tags: [], messages: page }
}

async function jsonBody(request: HttpRequest): Promise<unknown> {
  if (!/^application\/json\b/i.test(request.header('content-type') ?? '')) throw new TypeError('Content-Type must be application/json')
  const text = await request.text()
  return text.trim() === '' ? {} : parseJsonBody(text)
}

function address(value: unknown): MailAddress | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { Email, Name = '' } = value as { Email?: unknown; Name?: unknown }
  return typeof Email === 'string' && /^[^@\s]+@[^@\s]+$/.test(Email) && typeof Name === 'string' ? { Address: Email, Name } : undefined
}

async function send(caught: CaughtMail, request: HttpRequest): Promise<HttpResponse> {
  const body = (await jsonBody(request)) as Record<string, unknown>
  const from = address(body.From)
  const to = Array.isArray(body.To) ? body.To.map(address) : []
  const headers = body.Headers ?? {}
  if (!from || to.length === 0 || to.some((entry) => !entry)) return badRequest('From and To need an Email each')
  if (typeof body.Subject !== 'string' || typeof (body.Text ?? '') !== 'string' || typeof (body.HTML ?? '') !== 'string') return badRequest('Subject, Text and HTML are strings')
  if (typeof headers !== 'object' || headers === null || Object.values(headers).some((value) => typeof value !== 'string')) return badRequest('Headers are strings')
  const id = caught.catch(
    { from, to: to as MailAddress[], subject: body.Subject, text: (body.Text as string | undefined) ?? '', html: body.HTML as string | undefined, headers: headers as Record<string, string> },
    request.header('idempotency-key'),
  )
  return json(200, { ID: id })
}

export function mailCatcherHandler(caught: CaughtMail): Handler {
  return async (request) => {
    if (!addressedToLoopback(request)) return notFound()
    const { pathname } = request.url
    const method = request.method === 'HEAD' ? 'GET' : request.method
    try {
      if (pathname === '/api/v1/messages') {
        if (method === 'GET') return json(200, summary(caught, caught.summaries(), request.url))
        if (method === 'DELETE') {
          const { IDs } = (await jsonBody(request).catch(() => ({}))) as { IDs?: unknown }
          caught.delete(Array.isArray(IDs) ? IDs.filter((id): id is string => typeof id === 'string') : undefined)
          return ok()
        }
      }
      if (pathname === '/api/v1/search' && method === 'GET') {
        const query = request.url.searchParams.get('query')
        if (!query) return badRequest('query is required')
        return json(200, summary(caught, caught.summaries(matcher(query)), request.url))
      }
      if (pathname === '/api/v1/send' && method === 'POST') return await send(caught, request)
      const one = /^\/api\/v1\/message\/([^/]+)(\/headers)?$/.exec(pathname)
      if (one && method === 'GET') {
        const id = decodeURIComponent(one[1]!)
        const found = one[2] ? caught.headers(id) : caught.message(id)
        return found ? json(200, found) : notFound()
      }
      if (method === 'GET' && pathname === '/') return listPage(caught.summaries())
      const view = /^\/view\/([^/]+)$/.exec(pathname)
      if (method === 'GET' && view) {
        const message = caught.message(decodeURIComponent(view[1]!))
        return message ? messagePage(message) : notFound()
      }
      return notFound()
    } catch (error) {
      return badRequest(error instanceof Error ? error.message : String(error))
    }
  }
}
