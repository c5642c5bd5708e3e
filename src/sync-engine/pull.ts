import { applyPulledAccountBalances, applyPulledAccountEntries } from '@/local-db/account'
import type { AccountBalanceRow, AccountEntryRow } from '@/local-db/account-rows'
import type { SyncStream } from '@/local-db/db'
import { DirectoryPull, type DirectoryRow } from '@/local-db/directory'
import type { DeviceOwner } from '@/local-db/owner'
import { applyPulledPackagesToChunks, applyPulledPackagesToRows, forgetCustomers } from '@/local-db/package-store'
import type { NotificationRow, PackageRow, PrealertRow, PullPage, PulledProfile, ShipmentRow } from '@/local-db/rows'
import { applyPulledNotifications, applyPulledPrealerts, applyPulledProfiles, applyPulledShipments, markSynced, readSyncState } from '@/local-db/writes'
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

/** A stream the read model pulls: its RPC and what else it is asked, where its checkpoint is kept, and how a page is written. */
export interface Stream<Row> {
  name: SyncStream
  rpc: string
  /** Arguments besides the checkpoint and the page size (an admin's part of the working set). */
  args?: Record<string, unknown>
  /** The rows of a page, as the RPC sends them. */
  rows: (page: Record<string, unknown>) => Row[]
  pageSize: number
  /** Writes a page with its checkpoint, or holds it to write with later ones; `last` when no page follows it in this pull. */
  apply(owner: DeviceOwner, rows: Row[], checkpoint: string | null, last: boolean): Promise<void>
  /** Writes the pages `apply` held, when the pull ends before its last page. */
  flush?(owner: DeviceOwner): Promise<void>
}

/** Up to 1,000 rows a page: about a megabyte of packages. */
const pullPageSize = 1000

interface TableRows {
  packages: PackageRow
  prealerts: PrealertRow
  shipments: ShipmentRow
}
type Table = keyof TableRows

/**
 * A table's pull: a customer's rows, all of them (no part); for an admin, one part of the working
 * set: `open` under the table's own checkpoint, `closed` (what closed lately) under one of its own.
 */
export function tableStream<T extends Table>(table: T, part?: 'open' | 'closed'): Stream<TableRows[T]> {
  const name: SyncStream = part === 'closed' ? `closed-${table}` : table
  // Packages kept many to a record (local-db/package-chunks.ts): an admin's closed ones, and all a
  // customer's. An admin's open ones are rows.
  const writer = table === 'prealerts' ? applyPulledPrealerts : table === 'shipments' ? applyPulledShipments : part === 'open' ? applyPulledPackagesToRows : applyPulledPackagesToChunks
  const write = writer as (stream: SyncStream, owner: DeviceOwner, rows: unknown[], checkpoint: string | null) => Promise<void>
  return {
    name,
    rpc: `pull_${table}`,
    args: part ? { p_part: part } : undefined,
    rows: (page) => page[table] as never[],
    pageSize: pullPageSize,
    apply: (owner, rows, checkpoint) => write(name, owner, rows, checkpoint),
  }
}

export const packageStream: Stream<PackageRow> = tableStream('packages')
export const prealertStream: Stream<PrealertRow> = tableStream('prealerts')
export const shipmentStream: Stream<ShipmentRow> = tableStream('shipments')
export const profileStream: Stream<PulledProfile> = {
  name: 'profiles',
  rpc: 'pull_profiles',
  rows: (page) => page.profiles as PulledProfile[],
  pageSize: pullPageSize,
  apply: (owner, rows, checkpoint) => applyPulledProfiles('profiles', owner, rows, checkpoint),
}
export const notificationStream: Stream<NotificationRow> = {
  name: 'notifications',
  rpc: 'pull_notifications',
  rows: (page) => page.notifications as NotificationRow[],
  pageSize: pullPageSize,
  apply: (owner, rows, checkpoint) => applyPulledNotifications('notifications', owner, rows, checkpoint),
}

/**
 * Account lines: the customer's own, or on an admin's device one customer's (`customerId`), each
 * under a checkpoint of its own.
 */
export function accountEntryStream(customerId?: string): Stream<AccountEntryRow> {
  const name: SyncStream = customerId ? `account-entries:${customerId}` : 'account-entries'
  return {
    name,
    rpc: 'pull_account_entries',
    args: customerId ? { p_user_id: customerId } : undefined,
    rows: (page) => page.entries as AccountEntryRow[],
    pageSize: pullPageSize,
    apply: (owner, rows, checkpoint) => applyPulledAccountEntries(name, owner, rows, checkpoint),
  }
}

/** What every customer owes, on an admin's device: first those who owe or hold a credit, then every change. */
export const accountBalanceStream: Stream<AccountBalanceRow> = {
  name: 'account-balances',
  rpc: 'pull_account_balances',
  rows: (page) => page.balances as AccountBalanceRow[],
  pageSize: 5000,
  apply: (owner, rows, checkpoint) => applyPulledAccountBalances('account-balances', owner, rows, checkpoint),
}

/**
 * The admin's customer directory: tuples, 5,000 a page. Pages are held and written a few together
 * (DirectoryPull: every bucket a page touches is rewritten whole), and those held are written when
 * the pull is cut.
 */
export function directoryStream(): Stream<DirectoryRow> {
  const pull = new DirectoryPull(forgetCustomers)
  return {
    name: 'directory',
    rpc: 'pull_directory',
    rows: (page) => [...(page.customers as DirectoryRow[]), ...(page.removed as string[]).map((id) => ({ removed: id }))],
    pageSize: 5000,
    apply: (owner, rows, checkpoint, last) => pull.add(owner, rows, checkpoint, last),
    flush: (owner) => pull.flush(owner),
  }
}

export function rpcPullSource<Row>(client: Supabase, stream: Stream<Row>, signal?: AbortSignal): PullSource<Row> {
  return async (since, limit) => {
    let call = client.rpc(stream.rpc, { p_since: since, p_limit: limit, ...stream.args })
    if (signal) call = call.abortSignal(signal)
    const { data, error } = await call
    if (error) throw new SyncError(error.message, Boolean(error.code))
    const page = data as Record<string, unknown> & Omit<PullPage<Row>, 'rows'>
    return { rows: stream.rows(page), checkpoint: page.checkpoint, has_more: page.has_more }
  }
}

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
export async function pullStream<Row>(stream: Stream<Row>, source: PullSource<Row>, owner: DeviceOwner, pageSize = stream.pageSize, signal?: AbortSignal): Promise<number> {
  let checkpoint = (await readSyncState(stream.name, owner.userId))?.checkpoint ?? null
  signal?.throwIfAborted()
  let moved = 0
  const pages = pagesAfter(source, checkpoint, pageSize, pagesAhead)
  try {
    for (;;) {
      const page = await pages.take()
      signal?.throwIfAborted()
      // The last page is applied whenever this pull brought rows: a stream may hold pages until it.
      if (page.rows.length > 0 || page.checkpoint !== checkpoint || (!page.has_more && moved > 0)) await stream.apply(owner, page.rows, page.checkpoint, !page.has_more)
      moved += page.rows.length
      checkpoint = page.checkpoint
      if (!page.has_more) break
    }
  } catch (error) {
    // Cut part-way (a request failed or stopped moving): the pages that arrived are kept all the
    // same. The pull's own failure is what it reports.
    await stream.flush?.(owner).catch(() => undefined)
    throw error
  } finally {
    // Writing a page failed while the next one was on its way: that request ends before the pull does.
    await pages.stop()
  }
  await markSynced(stream.name, owner, Date.now())
  return moved
}
