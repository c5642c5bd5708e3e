/**
 * supabase-js builds its realtime client eagerly, and Node 20 has no global WebSocket. The stand-in
 * has no realtime endpoint, so any attempt to open a socket from a test is a test bug.
 */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not served by the local stand-in')
  }
}

/** Options for a supabase-js client used by a test process (not the app): no storage, no timers. */
export const nodeClientOptions = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
}
