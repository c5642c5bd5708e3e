import type { Supabase } from './client'

/** A table to hear about, optionally narrowed by a Realtime filter such as `user_id=eq.<uuid>`. */
export interface WatchedTable {
  table: string
  filter?: string
}

export interface LiveChangeHandlers {
  /** A row of `table` changed on the server; what changed is for the next pull to find out. */
  onChange(table: string): void
  /** True once the channel is joined (again); false while it is down or reconnecting. */
  onLive(live: boolean): void
}

let channels = 0

/**
 * One Realtime channel with a postgres_changes subscription per table. The database's row level
 * security decides which changes arrive; supabase-js keeps the channel's token current, sends its
 * heartbeat and rejoins after a lost connection. Returns `stop`.
 */
export function watchLiveChanges(client: Supabase, tables: WatchedTable[], handlers: LiveChangeHandlers): () => void {
  channels += 1
  const channel = client.channel(`changes-${channels}`)
  for (const { table, filter } of tables) {
    channel.on('postgres_changes', { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) }, () => handlers.onChange(table))
  }
  channel.subscribe((status) => handlers.onLive(status === 'SUBSCRIBED'))
  return () => {
    handlers.onLive(false)
    void client.removeChannel(channel)
  }
}
