// One joined `realtime:<name>` channel (RealtimeWeb.RealtimeChannel, postgres_changes only): the
// join and its reply, token refreshes, the token's expiry, leaving.
import type { PGlite } from '@electric-sql/pglite'
import type { JwtClaims } from '../as-role'
import type { Catalog } from './catalog'
import type { PostgresChangesPayload, Subscriber } from './delivery'
import { channelClosed, type Message, reply, systemMessage } from './protocol'
import { type ChangeSubscription, type RequestedChange, requestedChanges, subscribe } from './subscriptions'
import { checkToken } from './tokens'

export const TOPIC_PREFIX = 'realtime:'

// Realtime re-checks a channel's token this often, and when it expires.
const CONFIRM_TOKEN_INTERVAL_MS = 5 * 60 * 1000

export interface ChannelContext {
  db: PGlite
  catalog: Catalog
  /** The socket's API key: the token of a join that brings none. */
  apiKey: string
  send(message: Message): void
  /** Runs `task` in turn with the socket's other messages. */
  enqueue(task: () => Promise<void>): void
  /** The channel closed itself (left, or its token was refused or expired). */
  closed(channel: Channel): void
}

type Claims = JwtClaims & { exp: number }

export class Channel implements Subscriber {
  subscriptions: ChangeSubscription[] = []
  #claims: Claims
  #claimsKey: string
  #token: string
  #confirmTimer: NodeJS.Timeout | undefined
  #closed = false

  private constructor(
    private readonly context: ChannelContext,
    readonly topic: string,
    readonly joinRef: string,
    private readonly requested: RequestedChange[],
    token: string,
    claims: Claims,
  ) {
    this.#token = token
    this.#claims = claims
    this.#claimsKey = JSON.stringify(claims)
  }

  get claims(): Claims {
    return this.#claims
  }

  get claimsKey(): string {
    return this.#claimsKey
  }

  /** Answers a phx_join: the channel when joined, undefined when refused. */
  static async join(context: ChannelContext, message: Message): Promise<Channel | undefined> {
    const refuse = (reason: string) => void context.send(reply(message, 'error', { reason }))
    if (message.topic === TOPIC_PREFIX) return refuse('TopicNameRequired: You must provide a topic name')
    const params = isObject(message.payload) ? message.payload : {}
    const token = joinToken(params, context.apiKey)
    const checked = await checkToken(token)
    if (!checked.ok) return refuse(`${checked.code}: ${checked.message}`)
    const requested = requestedChanges(params.config)
    if (!requested) return refuse('UnknownErrorOnChannel: every entry of config.postgres_changes must be an object')

    const channel = new Channel(context, message.topic, message.joinRef ?? message.ref ?? '', requested, token, checked.claims)
    // Subscribed before the reply (Realtime does it just after): SUBSCRIBED means changes flow.
    const notice = await channel.#subscribe()
    context.send(reply(message, 'ok', { postgres_changes: requested.map(({ id, params: requestParams }) => ({ ...requestParams, id })) }))
    if (notice) context.send(notice)
    channel.#scheduleTokenCheck()
    return channel
  }

  async handle(message: Message): Promise<void> {
    switch (message.event) {
      case 'access_token':
        return this.#refreshToken((message.payload as { access_token?: unknown } | null)?.access_token)
      case 'phx_leave':
        this.context.send(reply(message, 'ok'))
        return this.#close()
      default:
        this.context.send(
          reply(message, 'error', { reason: `The local stand-in serves postgres_changes only: it does not handle \`${message.event}\`` }),
        )
    }
  }

  pushChange(payload: PostgresChangesPayload): void {
    this.context.send({ joinRef: null, ref: null, topic: this.topic, event: 'postgres_changes', payload })
  }

  /** Stops the token checks: the socket closed, or forgot the channel. */
  stop(): void {
    this.#closed = true
    clearTimeout(this.#confirmTimer)
  }

  // Realtime ignores a token it already has, a publishable key (sb_…) and anything not a string,
  // and answers nothing when it accepts one.
  async #refreshToken(token: unknown): Promise<void> {
    if (typeof token !== 'string' || token.startsWith('sb_') || token === this.#token) return
    const checked = await checkToken(token)
    if (!checked.ok) return this.#shutdown(checked.message)
    this.#token = token
    this.#setClaims(checked.claims)
    const notice = await this.#subscribe()
    if (notice) this.context.send(notice)
    this.#scheduleTokenCheck()
  }

  /** Subscribes to the requested changes as the current claims; Realtime's `system` notice of the outcome. */
  async #subscribe(): Promise<Message | undefined> {
    if (this.requested.length === 0) return undefined
    const subscribed = await subscribe(this.context.db, this.context.catalog, this.requested, this.#claims.role)
    this.subscriptions = subscribed.ok ? subscribed.subscriptions : []
    return systemMessage(this.topic, this.joinRef, {
      extension: 'postgres_changes',
      status: subscribed.ok ? 'ok' : 'error',
      message: subscribed.ok ? 'Subscribed to PostgreSQL' : subscribed.message,
      channel: this.topic.slice(TOPIC_PREFIX.length),
    })
  }

  #scheduleTokenCheck(): void {
    clearTimeout(this.#confirmTimer)
    if (this.#closed) return
    const untilExpiry = Math.max(0, this.#claims.exp * 1000 - Date.now())
    this.#confirmTimer = setTimeout(() => this.context.enqueue(() => this.#checkToken()), Math.min(CONFIRM_TOKEN_INTERVAL_MS, untilExpiry))
  }

  async #checkToken(): Promise<void> {
    if (this.#closed) return
    const checked = await checkToken(this.#token)
    if (!checked.ok) return this.#shutdown(checked.message)
    this.#setClaims(checked.claims)
    this.#scheduleTokenCheck()
  }

  #setClaims(claims: Claims): void {
    this.#claims = claims
    this.#claimsKey = JSON.stringify(claims)
  }

  /** Realtime's shutdown: a `system` error saying why, then the channel closes. */
  #shutdown(message: string): void {
    this.context.send(
      systemMessage(this.topic, this.joinRef, { extension: 'system', status: 'error', message, channel: this.topic.slice(TOPIC_PREFIX.length) }),
    )
    this.#close()
  }

  #close(): void {
    this.stop()
    this.subscriptions = []
    this.context.send(channelClosed(this.topic, this.joinRef))
    this.context.closed(this)
  }
}

/** The token a join authenticates with: the one it brings, else the socket's API key (Realtime's assign_access_token). */
function joinToken(params: Record<string, unknown>, apiKey: string): string {
  const given = [params.user_token, params.access_token].find((token): token is string => typeof token === 'string')
  return given === undefined || given.startsWith('sb_') ? apiKey : given
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
