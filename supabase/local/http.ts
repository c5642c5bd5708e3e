import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'

/** What a handler sees of a request: parsed URL, headers and a lazily read body. */
export interface HttpRequest {
  method: string
  url: URL
  headers: IncomingHttpHeaders
  header(name: string): string | undefined
  /** The client's socket address (auth keys its rate limits by it). */
  remoteAddress?: string
  text(): Promise<string>
}

/** What a handler answers; the server writes it (plus CORS headers). */
export interface HttpResponse {
  status: number
  headers?: Record<string, string>
  body?: string
}

export type Handler = (request: HttpRequest) => Promise<HttpResponse>

const MAX_BODY_BYTES = 1024 * 1024

export class BodyTooLargeError extends Error {}

export function toHttpRequest(incoming: IncomingMessage, origin: string): HttpRequest {
  let body: Promise<string> | undefined
  return {
    method: (incoming.method ?? 'GET').toUpperCase(),
    url: new URL(incoming.url ?? '/', origin),
    headers: incoming.headers,
    remoteAddress: incoming.socket.remoteAddress,
    header(name) {
      const value = incoming.headers[name.toLowerCase()]
      return Array.isArray(value) ? value.join(', ') : value
    },
    text() {
      body ??= readBody(incoming)
      return body
    },
  }
}

async function readBody(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError('Request body too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(value) }
}

export function noContent(headers: Record<string, string> = {}): HttpResponse {
  return { status: 204, headers }
}

export function redirect(location: string, status = 303): HttpResponse {
  return { status, headers: { Location: location } }
}

export function writeResponse(res: ServerResponse, response: HttpResponse, extraHeaders: Record<string, string>, head: boolean) {
  res.writeHead(response.status, { ...extraHeaders, ...response.headers })
  res.end(head ? undefined : response.body)
}
