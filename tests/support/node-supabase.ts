import WebSocket from 'ws'

/**
 * supabase-js builds its realtime client eagerly, and Node 20 has no global WebSocket. Most test
 * clients never subscribe, so a socket opened from one of them is a test bug; a realtime test
 * asks for `realtimeClientOptions` instead.
 */
class NoWebSocket {
  constructor() {
    throw new Error('this client has no realtime transport: use realtimeClientOptions to subscribe')
  }
}

/** Options for a supabase-js client used by a test process (not the app): no storage, no timers. */
export const nodeClientOptions = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: NoWebSocket as unknown as typeof globalThis.WebSocket },
}

/** Like nodeClientOptions, with the `ws` package as the transport of the stand-in's realtime endpoint. */
export const realtimeClientOptions = {
  ...nodeClientOptions,
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
}
