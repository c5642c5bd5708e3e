import Dexie from 'dexie'
import { useLiveQuery } from 'dexie-react-hooks'
import type { PlanId } from '@/business-rules/plans'
import { isStorageEnding, storageDaysLeft } from '@/business-rules/storage'
import { db, isShipmentOp, type LocalPackage, type LocalProfile } from './db'
import { readOpenPrealert } from './queries'
import { shipmentStatuses, type PackageStatus, type PrealertRow, type ShipmentStatus } from './rows'
import { withPendingShipmentOps, type LocalShipment } from './shipment-overlay'
import { useThrottledQuery } from './throttled-query'

// The admin's reads: all from the local copy (the working set: open packages, what changed lately,
// their customers), so they work offline and open at once. Lists are paged: a screen never holds
// more than a page of rows.

export interface Page<Row> {
  rows: Row[]
  total: number
}

/** A customer by exact email, ignoring case (SPEC §5), or null when there is none. */
export async function findCustomerByEmail(email: string): Promise<LocalProfile | null> {
  return (await db.profiles.where('email').equalsIgnoreCase(email.trim()).first()) ?? null
}

export function useCustomer(userId: string | null) {
  return useLiveQuery(async () => (userId ? ((await db.profiles.get(userId)) ?? null) : null), [userId])
}

/** An open prealert of this (normalised) tracking code with the customer who announced it, from this device's copy. */
export async function findPrealertMatch(trackingCode: string): Promise<{ prealert: PrealertRow; owner: LocalProfile } | null> {
  const prealert = await readOpenPrealert(trackingCode)
  const owner = prealert && (await db.profiles.get(prealert.user_id))
  return prealert && owner ? { prealert, owner } : null
}

export function usePrealertMatch(trackingCode: string) {
  return useLiveQuery(() => findPrealertMatch(trackingCode), [trackingCode])
}

/** Sorts rows newest first, by when they were created. */
const newestFirst = (a: { created_at: string }, b: { created_at: string }) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0)

/**
 * One customer's packages, newest first (SPEC §7's admin order), `limit` at most, and how many there
 * are. Sorted here: one customer's packages are few, and an index fewer keeps every pull faster.
 */
export function useCustomerPackages(userId: string, limit: number) {
  return useThrottledQuery(async (): Promise<Page<LocalPackage>> => {
    const all = await db.packages.where('[user_id+updated_at]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).toArray()
    return { rows: all.sort(newestFirst).slice(0, limit), total: all.length }
  }, [userId, limit], ['packages'])
}

const contains = (value: string | null | undefined, needle: string) => (value ?? '').toLowerCase().includes(needle)

/** Users, newest first, whose name, email or role contains `search` (any case); one page of them. */
export function useUsersPage(search: string, roleLabels: Record<string, string>, offset: number, limit: number) {
  return useThrottledQuery(async (): Promise<Page<LocalProfile>> => {
    const needle = search.trim().toLowerCase()
    const matches = (profile: LocalProfile) =>
      !needle || contains(profile.full_name, needle) || contains(profile.email, needle) || contains(profile.role, needle) || contains(roleLabels[profile.role], needle)
    const all = (await db.profiles.toArray()).filter(matches).sort(newestFirst)
    return { rows: all.slice(offset, offset + limit), total: all.length }
  }, [search, roleLabels, offset, limit], ['profiles'])
}

export interface PackageFilter {
  /** A status, or the waiting packages whose free storage ends within days or has ended. */
  status: PackageStatus | 'storage-ending' | null
  /** Part of a tracking code, a locker code or a customer's email. */
  search: string
}

/** Waiting packages whose free storage ends within days or has ended, the most urgent first. */
async function storageEndingPackages(): Promise<LocalPackage[]> {
  const waiting = (await Promise.all((['recibido', 'disponible'] as const).map((status) => byStatus(status).toArray()))).flat()
  const owners = [...new Set(waiting.map((pkg) => pkg.user_id))]
  const plans = new Map((await db.profiles.bulkGet(owners)).map((profile, i) => [owners[i]!, profile?.plan]))
  return waiting
    .map((pkg) => ({ pkg, days: storageDaysLeft(pkg, plans.get(pkg.user_id)) }))
    .filter(({ days }) => isStorageEnding(days))
    .sort((a, b) => a.days! - b.days!)
    .map(({ pkg }) => pkg)
}

/** The packages of a status (or all), in updated_at order. */
function byStatus(status: PackageStatus | null) {
  return status ? db.packages.where('[status+updated_at]').between([status, Dexie.minKey], [status, Dexie.maxKey]) : db.packages.orderBy('updated_at')
}

/** Most recently updated first, walking the index backwards: for a page of rows. */
const indexedPackages = (status: PackageStatus | null) => byStatus(status).reverse()

/** Searched by text (or storage ending): read whole (one getAll is far cheaper than a cursor) and matched here. */
async function searchedPackages({ status, search }: PackageFilter): Promise<LocalPackage[]> {
  const needle = search.trim().toLowerCase()
  const owners = new Set((await db.profiles.toArray()).filter((profile) => contains(profile.email, needle)).map((profile) => profile.id))
  // Forwards, then reversed here: only a forward read is a single getAll.
  const candidates = status === 'storage-ending' ? await storageEndingPackages() : (await byStatus(status).toArray()).reverse()
  if (!needle) return candidates
  return candidates.filter((pkg) => contains(pkg.tracking_code, needle) || contains(pkg.locker_code, needle) || owners.has(pkg.user_id))
}

export function usePackagesPage(filter: PackageFilter, offset: number, limit: number) {
  return useThrottledQuery(
    async (): Promise<Page<LocalPackage>> => {
      if (filter.search.trim() || filter.status === 'storage-ending') {
        const all = await searchedPackages(filter)
        return { rows: all.slice(offset, offset + limit), total: all.length }
      }
      const all = indexedPackages(filter.status)
      const [rows, total] = await Promise.all([all.clone().offset(offset).limit(limit).toArray(), all.clone().count()])
      return { rows, total }
    },
    [filter.status, filter.search, offset, limit],
    ['packages', 'profiles'],
  )
}

/** Every package id a filter selects (a bulk action over all matches). */
export async function packageIdsMatching(filter: PackageFilter): Promise<string[]> {
  if (filter.search.trim() || filter.status === 'storage-ending') return (await searchedPackages(filter)).map((pkg) => pkg.id)
  return indexedPackages(filter.status).primaryKeys()
}

/** Customers' emails and plans by id, for labelling package rows. */
export function useOwnersOf(userIds: readonly string[]) {
  const key = [...new Set(userIds)].sort().join(',')
  return useThrottledQuery(async () => {
    const ids = key ? key.split(',') : []
    const profiles = await db.profiles.bulkGet(ids)
    return new Map(ids.map((id, i): [string, { email: string | null; plan: PlanId | undefined }] => [id, { email: profiles[i]?.email ?? null, plan: profiles[i]?.plan }]))
  }, [key], ['profiles'])
}

const dayStart = () => {
  const now = new Date()
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString()
}

const countStatus = (status: PackageStatus) => db.packages.where('[status+updated_at]').between([status, Dexie.minKey], [status, Dexie.maxKey]).count()

/**
 * The admin dashboard's figures, counted from the local copy (nothing hard-coded). Customers are the
 * active ones: those of the working set (open or recent rows, or a profile changed lately).
 */
export function useDashboardFigures() {
  return useThrottledQuery(async () => {
    const [customers, receivedToday, inTransit, inCustoms, readyForPickup, shipmentsToProcess] = await Promise.all([
      db.profiles.where('role').equals('user').count(),
      db.packages.where('created_at').aboveOrEqual(dayStart()).count(),
      countStatus('transito'),
      countStatus('aduana'),
      countStatus('disponible'),
      // The warehouse's turn: to start, to weigh and measure, to ship.
      db.shipments.where('status').anyOf(['requested', 'processing', 'approved']).count(),
    ])
    return { customers, receivedToday, inTransit, inCustoms, readyForPickup, shipmentsToProcess }
  }, [], ['packages', 'profiles', 'shipments'])
}

export interface Activity {
  packageId: string
  trackingCode: string | null
  lockerCode: string
  status: string
  recordedAt: string
  email: string | null
}

/** The latest status events: every status change bumps its package's updated_at, so they are among the latest-updated packages. */
export function useRecentActivity(limit: number) {
  return useThrottledQuery(async (): Promise<Activity[]> => {
    const packages = await db.packages.orderBy('updated_at').reverse().limit(limit * 2).toArray()
    const events = packages
      .flatMap((pkg) => pkg.events.map((event) => ({ pkg, event })))
      .sort((a, b) => (a.event.recorded_at < b.event.recorded_at ? 1 : a.event.recorded_at > b.event.recorded_at ? -1 : 0))
      .slice(0, limit)
    const owners = await db.profiles.bulkGet(events.map(({ pkg }) => pkg.user_id))
    return events.map(({ pkg, event }, i) => ({
      packageId: pkg.id,
      trackingCode: pkg.tracking_code,
      lockerCode: pkg.locker_code,
      status: event.status,
      recordedAt: event.recorded_at,
      email: owners[i]?.email ?? null,
    }))
  }, [limit], ['packages', 'profiles'])
}

export interface ShipmentQueueFilter {
  /** One status, or every shipment still open (neither delivered nor cancelled). */
  status: ShipmentStatus | 'open'
  /** Part of a locker code, a customer's email or name, or a tracking number (outbound, or one of its packages'). */
  search: string
}

export interface ShipmentQueue extends Page<LocalShipment> {
  /** How many shipments are in each status (this device's queued steps included), whatever the filter. */
  counts: Record<ShipmentStatus, number>
}

/** The warehouse's shipments with every queued step on top, oldest first (the order they are worked in), one page of them. */
export function useShipmentQueue(filter: ShipmentQueueFilter, offset: number, limit: number) {
  return useThrottledQuery(
    async (): Promise<ShipmentQueue> => {
      const ops = (await db.outbox.where('shipmentId').above('').toArray()).filter(isShipmentOp)
      const all = withPendingShipmentOps(await db.shipments.toArray(), ops).reverse()
      const counts = Object.fromEntries(shipmentStatuses.map((status) => [status, 0])) as Record<ShipmentStatus, number>
      for (const shipment of all) counts[shipment.status] += 1
      const needle = filter.search.trim().toLowerCase()
      let matching = all.filter((shipment) => (filter.status === 'open' ? shipment.status !== 'delivered' && shipment.status !== 'cancelled' : shipment.status === filter.status))
      if (needle) {
        const owners = new Map((await db.profiles.bulkGet([...new Set(matching.map((shipment) => shipment.user_id))])).flatMap((profile) => (profile ? [[profile.id, profile]] : [])))
        const packages = new Map((await db.packages.bulkGet([...new Set(matching.flatMap((shipment) => shipment.package_ids))])).flatMap((pkg) => (pkg ? [[pkg.id, pkg]] : [])))
        matching = matching.filter((shipment) => {
          const owner = owners.get(shipment.user_id)
          return (
            contains(owner?.locker_code, needle) ||
            contains(owner?.email, needle) ||
            contains(owner?.full_name, needle) ||
            contains(shipment.outbound_tracking, needle) ||
            shipment.package_ids.some((id) => contains(packages.get(id)?.tracking_code, needle))
          )
        })
      }
      return { rows: matching.slice(offset, offset + limit), total: matching.length, counts }
    },
    [filter.status, filter.search, offset, limit],
    ['shipments', 'outbox', 'profiles', 'packages'],
  )
}

/**
 * Which of these package or profile ids the device holds (a search of the history shows the
 * others); undefined until read for these very ids. useLiveQuery keeps its last result while it
 * reads for new ones: that set, of other ids, would show rows the device holds as if it did not.
 */
export function useHeldIds(table: 'packages' | 'profiles', ids: readonly string[]): ReadonlySet<string> | undefined {
  const key = ids.join(',')
  const read = useLiveQuery(async () => {
    const wanted = key ? key.split(',') : []
    const held = await (table === 'packages' ? db.packages : db.profiles).bulkGet(wanted)
    return { key, held: new Set(wanted.filter((_, i) => held[i])) }
  }, [table, key])
  return read?.key === key ? read.held : undefined
}
