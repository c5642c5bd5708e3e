// HTTP/1.1 over a bare TCP socket: sends bytes exactly as given (malformed request lines, NUL
// bytes, lying Content-Lengths), so tests can say what fetch refuses to send.
import { connect, type Socket } from 'node:net'

export interface RawResponse {
  /** 0 when no status line arrived. */
  status: number
  /** Lower-cased names. */
  headers: Record<string, string>
  body: string
  /** The server closed the connection (by the time the response was complete, or the wait ended). */
  closed: boolean
}

export interface RawOptions {
  /** Keep waiting after the response until the server closes the connection (or the timeout). */
  untilClosed?: boolean
  timeoutMs?: number
  /** Called once the request bytes are written, e.g. to keep writing a body. */
  afterWrite?: (socket: Socket) => void
}

export function rawRequest(port: number, data: string | Buffer, options: RawOptions = {}): Promise<RawResponse> {
  const { untilClosed = false, timeoutMs = 5000 } = options
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let received = Buffer.alloc(0)
    let closed = false
    let settled = false
    const finish = () => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve({ ...parseResponse(received), closed })
    }
    const timer = setTimeout(finish, timeoutMs)
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      if (!untilClosed && responseComplete(received)) finish()
    })
    // A reset after the answer is still a closed connection: what matters is what arrived first.
    socket.on('error', () => {})
    socket.on('close', () => {
      closed = true
      finish()
    })
    socket.write(data, () => options.afterWrite?.(socket))
  })
}

const HEAD_END = '\r\n\r\n'

function splitHead(received: Buffer): { head: string; body: Buffer } | undefined {
  const end = received.indexOf(HEAD_END)
  if (end < 0) return undefined
  return { head: received.subarray(0, end).toString('latin1'), body: received.subarray(end + HEAD_END.length) }
}

function headerMap(head: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return headers
}

/** The body of a chunked message, or undefined while its last chunk has not arrived. */
function dechunk(body: Buffer): Buffer | undefined {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at)
    if (lineEnd < 0) return undefined
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16)
    if (Number.isNaN(size)) return undefined
    if (size === 0) return Buffer.concat(parts)
    const start = lineEnd + 2
    if (body.length < start + size + 2) return undefined
    parts.push(body.subarray(start, start + size))
    at = start + size + 2
  }
}

function messageBody(received: Buffer): Buffer | undefined {
  const split = splitHead(received)
  if (!split) return undefined
  const headers = headerMap(split.head)
  const status = Number(split.head.split(' ')[1])
  if (status === 204 || status === 304 || (status >= 100 && status < 200)) return Buffer.alloc(0)
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') return dechunk(split.body)
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length'])
    return split.body.length >= length ? split.body.subarray(0, length) : undefined
  }
  return undefined
}

function responseComplete(received: Buffer): boolean {
  return messageBody(received) !== undefined
}

function parseResponse(received: Buffer): Omit<RawResponse, 'closed'> {
  const split = splitHead(received)
  if (!split) return { status: 0, headers: {}, body: '' }
  const body = messageBody(received) ?? split.body
  return { status: Number(split.head.split(' ')[1]) || 0, headers: headerMap(split.head), body: body.toString('utf8') }
}

/** A request with Host (127.0.0.1 unless given), Connection: close and a Content-Length that fits the body. */
export function requestText(method: string, target: string, headers: Record<string, string> = {}, body?: string): string {
  const lines = [`${method} ${target} HTTP/1.1`]
  for (const [name, value] of Object.entries({ Host: '127.0.0.1', Connection: 'close', ...headers })) lines.push(`${name}: ${value}`)
  if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`)
  return `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`
}
