// The stand-in's Realtime: postgres_changes over Phoenix channels at /realtime/v1/websocket, as
// supabase-js' realtime client speaks to Supabase. Changes come from the database itself (see
// triggers.sql), so every write is delivered, whichever way it was made.
import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { PGlite } from '@electric-sql/pglite'
import { WebSocketServer } from 'ws'
import { apiKey, apiKeyRefusal } from '../gateway'
import { type HttpResponse, json, requestUrl, toHttpRequest } from '../http'
import { Catalog } from './catalog'
import { ChangeQueue } from './change-queue'
import { installChangeTriggers, listenForChanges } from './changes'
import { Connection, GOING_AWAY } from './connection'
import { deliverChanges, type Subscriber } from './delivery'
import { DEFAULT_VSN, serializers } from './protocol'

export const REALTIME_PATH = '/realtime/v1/websocket'

// A join with a token and a few subscriptions is a few kilobytes.
const MAX_FRAME_BYTES = 1024 * 1024

export interface RealtimeOptions {
  /** Where errors and (unless quiet) connections are logged; default stdout. */
  log?: (line: string) => void
  quiet?: boolean
}

export interface Realtime {
  /** Stops delivering, closes every socket (code 1001, so clients reconnect) and waits for them. */
  close(): Promise<void>
}

/** Serves Realtime on `server`'s upgrade requests, over `db` (opened, migrations applied). */
export async function startRealtime(server: Server, db: PGlite, options: RealtimeOptions = {}): Promise<Realtime> {
  const log = options.log ?? ((line: string) => console.log(line))
  await installChangeTriggers(db)
  const catalog = new Catalog(db)
  const connections = new Set<Connection>()
  const queue = new ChangeQueue((changes) => deliverChanges(db, catalog, changes, subscribers(connections)), log)
  const stopListening = await listenForChanges(db, (change) => queue.push(change))
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })

  const onUpgrade = (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const url = requestUrl(incoming.url, 'http://127.0.0.1')
    if (url?.pathname !== REALTIME_PATH) return refuse(socket, json(404, { message: 'no Route matched with those values' }))
    const request = toHttpRequest(incoming, url)
    const refusal = apiKeyRefusal(request)
    if (refusal) return refuse(socket, refusal)
    const key = apiKey(request)!
    const vsn = url.searchParams.get('vsn') ?? DEFAULT_VSN
    const serializer = serializers[vsn]
    if (!serializer) return refuse(socket, json(400, { message: `Unsupported protocol version (vsn) ${vsn}: use 1.0.0 or 2.0.0` }))
    sockets.handleUpgrade(incoming, socket, head, (webSocket) => {
      const connection = new Connection(webSocket, serializer, key, { db, catalog, log })
      connections.add(connection)
      if (!options.quiet) log(`WS ${REALTIME_PATH} connected (vsn ${vsn})`)
      webSocket.once('close', (code) => {
        connections.delete(connection)
        if (!options.quiet) log(`WS ${REALTIME_PATH} closed (${code})`)
      })
    })
  }
  server.on('upgrade', onUpgrade)

  let closing: Promise<void> | undefined
  return {
    close() {
      closing ??= (async () => {
        server.off('upgrade', onUpgrade)
        await stopListening()
        await queue.idle()
        await Promise.all([...connections].map((connection) => connection.close(GOING_AWAY, 'The local stand-in is stopping')))
        sockets.close()
      })()
      return closing
    },
  }
}

function subscribers(connections: Set<Connection>): Subscriber[] {
  return [...connections].flatMap((connection) => [...connection.channels()])
}

/** Answers the upgrade request with a plain HTTP response and hangs up. */
function refuse(socket: Duplex, response: HttpResponse): void {
  const body = response.body ?? ''
  const headers = { ...response.headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' }
  const head = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status]}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)]
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy())
}
