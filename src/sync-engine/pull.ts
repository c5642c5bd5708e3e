import type { SyncStream } from '@/local-db/db'
import type { DeviceOwner } from '@/local-db/owner'
import type { NotificationRow, PackageRow, PrealertRow, PullPage, PulledProfile, ShipmentRow } from '@/local-db/rows'
import { applyPulledNotifications, applyPulledPackages, applyPulledPrealerts, applyPulledProfiles, applyPulledShipments, markSynced, readSyncState } from '@/local-db/writes'
import type { Supabase } from '@/remote/create-client'
import { pagesAfter, type PullSource } from './read-ahead'

export type { PullSource }

export class SyncError extends Error {
  /** False for network failures: they say nothing about the data, only about the connection. */
  readonly fromService: boolean
  constructor(message: string, fromService: boolean) {
    super(message)
    this.name = 'SyncError'
    this.fromService = fromService
  }
}

/** A table the read model pulls: its RPC, the field its rows come in, and how a page is written. */
export interface Stream<Row> {
  name: SyncStream
  rpc: string
  apply: (owner: DeviceOwner, rows: Row[], checkpoint: string | null) => Promise<void>
}

export const packageStream: Stream<PackageRow> = { name: 'packages', rpc: 'pull_packages', apply: applyPulledPackages }
export const profileStream: Stream<PulledProfile> = { name: 'profiles', rpc: 'pull_profiles', apply: applyPulledProfiles }
export const prealertStream: Stream<PrealertRow> = { name: 'prealerts', rpc: 'pull_prealerts', apply: applyPulledPrealerts }
export const shipmentStream: Stream<ShipmentRow> = { name: 'shipments', rpc: 'pull_shipments', apply: applyPulledShipments }
export const notificationStream: Stream<NotificationRow> = { name: 'notifications', rpc: 'pull_notifications', apply: applyPulledNotifications }

export function rpcPullSource<Row>(client: Supabase, stream: Stream<Row>, signal?: AbortSignal): PullSource<Row> {
  return async (since, limit) => {
    let call = client.rpc(stream.rpc, { p_since: since, p_limit: limit })
    if (signal) call = call.abortSignal(signal)
    const { data, error } = await call
    if (error) throw new SyncError(error.message, Boolean(error.code))
    const page = data as Record<string, unknown> & Omit<PullPage<Row>, 'rows'>
    return { rows: page[stream.name] as Row[], checkpoint: page.checkpoint, has_more: page.has_more }
  }
}

const pullPageSize = 1000
/** Pages received and not yet written that a pull holds at most (each up to about a megabyte). */
const pagesAhead = 3

/**
 * Brings one stream of the read model up to date for `owner`'s session, page by page from its stored
 * checkpoint (DESIGN §6). Each page lands with its checkpoint in one transaction, so an error mid-way
 * keeps everything already pulled and the next pull resumes where this one stopped; a page that
 * arrives after the session ended is dropped (NotOwnerError). The next pages are requested while the
 * current one is written; the pull settles only once no request of it is left in flight. Returns
 * the rows moved.
 */
export async function pullStream<Row>(stream: Stream<Row>, source: PullSource<Row>, owner: DeviceOwner, pageSize = pullPageSize, signal?: AbortSignal): Promise<number> {
  let checkpoint = (await readSyncState(stream.name, owner.userId))?.checkpoint ?? null
  signal?.throwIfAborted()
  let moved = 0
  const pages = pagesAfter(source, checkpoint, pageSize, pagesAhead)
  try {
    for (;;) {
      const page = await pages.take()
      signal?.throwIfAborted()
      if (page.rows.length > 0 || page.checkpoint !== checkpoint) await stream.apply(owner, page.rows, page.checkpoint)
      moved += page.rows.length
      checkpoint = page.checkpoint
      if (!page.has_more) break
    }
  } finally {
    // Writing a page failed while the next one was on its way: that request ends before the pull does.
    await pages.stop()
  }
  await markSynced(stream.name, owner, Date.now())
  return moved
}
