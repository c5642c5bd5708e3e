import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex, Readable } from 'node:stream'

/** What a handler sees of a request: parsed URL, headers and a lazily read body. */
export interface HttpRequest {
  method: string
  url: URL
  /** The path as sent, before URL parsing resolved its `.` and `..` segments (and their %2e spellings). */
  rawPath: string
  headers: IncomingHttpHeaders
  header(name: string): string | undefined
  /** The client's socket address (auth keys its rate limits by it). */
  remoteAddress?: string
  text(): Promise<string>
  /** The raw body, up to `limit` bytes (Storage's uploads are larger than MAX_BODY_BYTES); read it or the text, not both. */
  bytes(limit: number): Promise<Buffer>
  /** The body as it arrives, unbuffered (a resumable upload keeps what came before a drop); instead of the text or the bytes. */
  stream(): Readable
}

/** What a handler answers; the server writes it (plus CORS headers). */
export interface HttpResponse {
  status: number
  headers?: Record<string, string>
  body?: string | Uint8Array
  /** Close the connection once answered: the rest of the request body is not worth reading. */
  close?: boolean
}

export type Handler = (request: HttpRequest) => Promise<HttpResponse>

export const MAX_BODY_BYTES = 1024 * 1024

export class BodyTooLargeError extends Error {}

/** The client went away before it sent the whole body. */
export class RequestAbortedError extends Error {}

/**
 * The URL of a request target in origin form (`/path?query`) or absolute form
 * (`http://host/path`); undefined for anything else (`*`, `//[`, garbage). The origin is
 * prepended as text, so a target starting with `//` stays a path instead of naming a host.
 */
export function requestUrl(target: string | undefined, origin: string): URL | undefined {
  if (!target) return undefined
  try {
    if (target.startsWith('/')) return new URL(`${origin}${target}`)
    if (/^https?:\/\//i.test(target)) return new URL(target)
  } catch {
    // not a URL
  }
  return undefined
}

/** A Content-Length over the limit: refused before a byte of the body is read. */
export function declaresTooLargeBody(request: HttpRequest, limit = MAX_BODY_BYTES): boolean {
  return Number(request.header('content-length') ?? 0) > limit
}

export function toHttpRequest(incoming: IncomingMessage, url: URL): HttpRequest {
  let body: Promise<Buffer> | undefined
  const read = (limit: number) => {
    if (!body) {
      body = readBody(incoming, limit)
      // Whoever awaits it sees the rejection; nobody else should hear of it.
      body.catch(() => {})
    }
    return body
  }
  return {
    method: (incoming.method ?? 'GET').toUpperCase(),
    url,
    rawPath: (incoming.url ?? '').replace(/^https?:\/\/[^/]*/i, '').split(/[?#]/, 1)[0]!,
    headers: incoming.headers,
    remoteAddress: incoming.socket.remoteAddress,
    header(name) {
      const value = incoming.headers[name.toLowerCase()]
      return Array.isArray(value) ? value.join(', ') : value
    },
    text: async () => (await read(MAX_BODY_BYTES)).toString('utf8'),
    bytes: read,
    stream: () => incoming,
  }
}

/** The body, up to `limit` bytes: past that it stops reading (the rest stays unread). */
function readBody(incoming: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = (error?: Error) => {
      incoming.off('data', onData).off('end', onEnd).off('error', onAbort).off('close', onAbort)
      if (error) {
        incoming.pause()
        reject(error)
      } else resolve(Buffer.concat(chunks))
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) stop(new BodyTooLargeError(`Request body over ${limit} bytes`))
      else chunks.push(chunk)
    }
    const onEnd = () => stop()
    const onAbort = () => stop(new RequestAbortedError('The client closed the connection before sending the whole body'))
    incoming.on('data', onData).once('end', onEnd).once('error', onAbort).once('close', onAbort)
  })
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(value) }
}

export function noContent(headers: Record<string, string> = {}): HttpResponse {
  return { status: 204, headers }
}

export function redirect(location: string, status = 303): HttpResponse {
  return { status, headers: { Location: headerSafeUrl(location) } }
}

const utf8 = new TextEncoder()

/**
 * A URL a header can carry: what Node would refuse in a header (control characters, NUL,
 * non-Latin-1) and spaces are percent-encoded as UTF-8, as a browser encodes them in a URL.
 */
function headerSafeUrl(url: string): string {
  return url.replace(/[^\x21-\x7e]/gu, (char) => [...utf8.encode(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''))
}

export function writeResponse(res: ServerResponse, response: HttpResponse, extraHeaders: Record<string, string>, head: boolean) {
  const headers = { ...extraHeaders, ...response.headers }
  if (response.close) {
    headers.Connection = 'close'
    const socket = res.socket
    res.once('finish', () => socket?.destroy())
  }
  res.writeHead(response.status, headers)
  res.end(head ? undefined : response.body)
}

const CLIENT_ERRORS: Record<string, [status: number, reason: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
}

/**
 * The server's 'clientError' listener: a request Node could not parse (a malformed request line,
 * NUL in a header, headers over the size limit) is answered on the raw socket, which then closes.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  // Mid-response (a pipelined request went bad) there is no clean place left to write an answer.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy()
    return
  }
  const [status, reason] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request']
  const body = JSON.stringify({ message: reason })
  const head = `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${body.length}\r\n\r\n`
  socket.end(head + body, () => socket.destroy())
}
