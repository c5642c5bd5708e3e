import type { Supabase } from './client'

// A stand-in for supabase-js's Realtime side, for unit tests of what the app makes of a channel's
// life: the test plays the server (join answers, `system` notices, changes, errors).

type Callback = (payload: unknown) => void
type StatusCallback = (status: string, error?: Error) => void

export class FakeChannel {
  readonly filters: unknown[] = []
  removed = false
  #changes: Callback[] = []
  #system: Callback[] = []
  #status: StatusCallback = () => undefined

  constructor(
    readonly name: string,
    /** The access token the channel was joined with (what realtime-js would put in phx_join). */
    readonly token: string | null,
  ) {}

  on(type: string, filter: unknown, callback: Callback) {
    if (type === 'postgres_changes') {
      this.filters.push(filter)
      this.#changes.push(callback)
    }
    if (type === 'system') this.#system.push(callback)
    return this
  }

  subscribe(callback: StatusCallback) {
    this.#status = callback
    return this
  }

  /** The server answered the join. */
  joined() {
    this.#status('SUBSCRIBED')
  }

  /** The server's `system` notice about the postgres_changes subscriptions. */
  confirmed(status: 'ok' | 'error' = 'ok', message = status === 'ok' ? 'Subscribed to PostgreSQL' : 'invalid column for filter user_id') {
    for (const callback of this.#system) callback({ extension: 'postgres_changes', status, message })
  }

  failed(status: 'CHANNEL_ERROR' | 'TIMED_OUT' | 'CLOSED') {
    this.#status(status, status === 'CLOSED' ? undefined : new Error(status))
  }

  changed() {
    for (const callback of this.#changes) callback({})
  }
}

export function fakeRealtime() {
  const channels: FakeChannel[] = []
  let token: string | null = null
  const client = {
    realtime: {
      async setAuth(accessToken: string | null = null) {
        token = accessToken
      },
    },
    channel(name: string) {
      const channel = new FakeChannel(name, token)
      channels.push(channel)
      return channel
    },
    // As realtime-js does: leaving the channel says CLOSED to its subscriber before the promise settles.
    removeChannel(channel: FakeChannel) {
      channel.removed = true
      channel.failed('CLOSED')
      return Promise.resolve('ok')
    },
  }
  return {
    client: client as unknown as Supabase,
    channels,
    /** The channel the app holds now (the last one opened, unless removed). */
    current: () => channels.findLast((channel) => !channel.removed),
    token: () => token,
  }
}
