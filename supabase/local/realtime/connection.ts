// One client's WebSocket (Phoenix.Socket): heartbeats, joins, and messages routed to the joined
// channels, handled one at a time in arrival order. A frame that is no message closes the socket.
import type { PGlite } from '@electric-sql/pglite'
import { type RawData, WebSocket } from 'ws'
import type { Catalog } from './catalog'
import { Channel, type ChannelContext, TOPIC_PREFIX } from './channel'
import { channelErrored, type Message, reply, type Serializer } from './protocol'

export interface ConnectionDependencies {
  db: PGlite
  catalog: Catalog
  log(line: string): void
}

// WebSocket close codes (RFC 6455).
const UNSUPPORTED_DATA = 1003
const INVALID_PAYLOAD = 1007
export const GOING_AWAY = 1001

const CLOSE_GRACE_MS = 250

export class Connection {
  readonly #channels = new Map<string, Channel>()
  #queue: Promise<void> = Promise.resolve()
  readonly #closed: Promise<void>

  constructor(
    private readonly socket: WebSocket,
    private readonly serializer: Serializer,
    private readonly apiKey: string,
    private readonly dependencies: ConnectionDependencies,
  ) {
    this.#closed = new Promise((resolve) => socket.once('close', () => resolve()))
    socket.on('message', (data, isBinary) => this.#receive(data, isBinary))
    // ws reports a frame over maxPayload or a protocol violation here, then closes the socket.
    socket.on('error', (error) => dependencies.log(`[realtime] socket error: ${error.message}`))
    socket.once('close', () => {
      for (const channel of this.#channels.values()) channel.stop()
      this.#channels.clear()
    })
  }

  /** The joined channels, for delivering changes. */
  channels(): Iterable<Channel> {
    return this.#channels.values()
  }

  /** Closes the socket, forcibly if the client does not answer the close frame soon. */
  async close(code: number, reason: string): Promise<void> {
    this.socket.close(code, reason)
    const timer = setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS)
    await this.#closed
    clearTimeout(timer)
    await this.#queue
  }

  #receive(data: RawData, isBinary: boolean): void {
    if (isBinary) return void this.socket.close(UNSUPPORTED_DATA, 'Binary frames are not supported by the local stand-in')
    const message = this.serializer.decode(rawText(data))
    if (!message) return void this.socket.close(INVALID_PAYLOAD, 'Not a Phoenix message')
    this.#enqueue(() => this.#handle(message))
  }

  #enqueue(task: () => Promise<void>): void {
    this.#queue = this.#queue.then(task).catch((error: unknown) => {
      this.dependencies.log(`[realtime] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    })
  }

  async #handle(message: Message): Promise<void> {
    if (message.topic === 'phoenix' && message.event === 'heartbeat') return this.#send(reply(message, 'ok'))
    if (message.event === 'phx_join' && message.topic.startsWith(TOPIC_PREFIX)) return this.#join(message)
    const channel = this.#channels.get(message.topic)
    if (!channel || (message.joinRef !== null && message.joinRef !== channel.joinRef)) {
      return this.#send(reply(message, 'error', { reason: 'unmatched topic' }))
    }
    try {
      await channel.handle(message)
    } catch (error) {
      channel.stop()
      this.#channels.delete(channel.topic)
      this.#send(channelErrored(channel.topic, channel.joinRef))
      throw error
    }
  }

  // A second join of a topic replaces the first, as in Phoenix.
  async #join(message: Message): Promise<void> {
    this.#channels.get(message.topic)?.stop()
    this.#channels.delete(message.topic)
    let channel: Channel | undefined
    try {
      channel = await Channel.join(this.#channelContext(), message)
    } catch (error) {
      this.#send(reply(message, 'error', { reason: `UnknownErrorOnChannel: ${error instanceof Error ? error.message : String(error)}` }))
      throw error
    }
    if (channel && this.socket.readyState === WebSocket.OPEN) this.#channels.set(message.topic, channel)
    else channel?.stop()
  }

  #channelContext(): ChannelContext {
    return {
      db: this.dependencies.db,
      catalog: this.dependencies.catalog,
      apiKey: this.apiKey,
      send: (message) => this.#send(message),
      enqueue: (task) => this.#enqueue(task),
      closed: (channel) => {
        if (this.#channels.get(channel.topic) === channel) this.#channels.delete(channel.topic)
      },
    }
  }

  #send(message: Message): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(this.serializer.encode(message))
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8')
}
