import type { RealtimeChannel } from '@supabase/supabase-js'
import { reportReachable } from '@/stores/connectivity-store'
import type { Supabase } from './client'

/** A table to hear about, optionally narrowed by a Realtime filter such as `user_id=eq.<uuid>`. */
export interface WatchedTable {
  table: string
  filter?: string
}

export interface LiveChangeHandlers {
  /** A row of `table` changed on the server; what changed is for the next pull to find out. */
  onChange(table: string): void
  /** True once the server confirmed every subscription; false while it has not, or no longer does. */
  onLive(live: boolean): void
}

export interface LiveChannel {
  /** The signed-in user's access token, new or refreshed: a channel refused or waiting joins with it at once. */
  authorize(accessToken: string): void
  stop(): void
}

/** SPEC §9's reconnect delays, also between attempts to join a channel the server refused. */
const rejoinDelaysMs = [1000, 2000, 5000, 10_000]

interface SystemNotice {
  extension?: string
  status?: string
  message?: string
}

let channels = 0

/**
 * One Realtime channel with a postgres_changes subscription per table, joined only with the user's
 * access token (an anonymous join would hear about no one's rows). It counts as live only once the
 * server has confirmed the subscriptions (its `system` notice with status "ok"), not when the join is
 * merely answered: a `system` error, CHANNEL_ERROR, TIMED_OUT or CLOSED make it not live, and the
 * channel is joined again, anew, after 1, 2, 5, then every 10 s. Events of a channel given up on are
 * ignored, so a late CLOSED of the previous one cannot switch the new one off.
 *
 * Whatever the server says on the channel (the join's answer, a notice, a change) is the backend
 * answering, as any answer to a request is: the change that comes in as the connection returns is
 * pulled then, not once the next probe gets through (a second later, or more).
 */
export function openLiveChannel(client: Supabase, tables: WatchedTable[], accessToken: string | null, handlers: LiveChangeHandlers): LiveChannel {
  let token = accessToken
  let channel: RealtimeChannel | null = null
  let live = false
  let failures = 0
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  const setLive = (value: boolean) => {
    if (live === value) return
    live = value
    handlers.onLive(value)
  }

  // Forgotten before it is removed: removing it says CLOSED at once, which is then not about the current channel.
  const leave = () => {
    const leaving = channel
    channel = null
    if (leaving) void client.removeChannel(leaving)
  }

  const retryLater = () => {
    setLive(false)
    leave()
    clearTimeout(retryTimer)
    retryTimer = setTimeout(join, rejoinDelaysMs[Math.min(failures, rejoinDelaysMs.length - 1)])
    failures += 1
  }

  function join() {
    clearTimeout(retryTimer)
    leave()
    if (stopped || !token) return
    void client.realtime.setAuth(token)
    channels += 1
    const current = client.channel(`changes-${channels}`)
    channel = current
    const isCurrent = () => channel === current
    let joined = false
    let confirmed = false
    for (const { table, filter } of tables) {
      current.on('postgres_changes', { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) }, () => {
        if (!isCurrent()) return
        reportReachable(true)
        handlers.onChange(table)
      })
    }
    current.on('system', {}, (notice: SystemNotice) => {
      if (!isCurrent()) return
      reportReachable(true)
      if (notice.status === 'ok' && notice.extension === 'postgres_changes') {
        confirmed = true
        failures = 0
        setLive(joined)
      } else if (notice.status === 'error') {
        console.warn('The live channel was refused', notice.message)
        retryLater()
      }
    })
    current.subscribe((status, error) => {
      if (!isCurrent()) return
      // The server's answer to the join; realtime-js says the other statuses on its own.
      if (status === 'SUBSCRIBED') {
        reportReachable(true)
        joined = true
        setLive(confirmed)
        return
      }
      if (error) console.warn(`The live channel is down (${status})`, error)
      retryLater()
    })
  }

  join()

  return {
    authorize(accessToken) {
      if (accessToken === token) return
      token = accessToken
      // A joined channel gets the new token from supabase-js (and the server confirms the subscriptions
      // again); one that is not live starts over with it now.
      if (live) void client.realtime.setAuth(accessToken)
      else {
        failures = 0
        join()
      }
    },
    stop() {
      stopped = true
      clearTimeout(retryTimer)
      leave()
      setLive(false)
    },
  }
}
