import Dexie from 'dexie'
import { useLiveQuery } from 'dexie-react-hooks'
import { miamiDayNumber } from '@/business-rules/miami-day'
import { arrivalOf, isStorageEnding, leavingStatuses, storageDaysLeft } from '@/business-rules/storage'
import { newestOf, readChunkedPackages } from './package-chunks'
import { db, isShipmentOp, type LocalPackage } from './db'
import { readDirectory, type Customer } from './directory'
import { readPackages } from './package-store'
import { readOpenPrealert } from './queries'
import { shipmentStatuses, type PackageStatus, type PrealertRow, type ShipmentStatus } from './rows'
import { withPendingShipmentOps, type LocalShipment } from './shipment-overlay'
import { useThrottledQuery } from './throttled-query'

// The admin's reads: all from the local copy (the working set: open packages, what changed lately,
// and the directory of every customer), so they work offline and open at once. Lists are paged: a
// screen never holds more than a page of rows.

export interface Page<Row> {
  rows: Row[]
  total: number
}

/** An open prealert of this (normalised) tracking code with the customer who announced it, from this device's copy. */
export async function findPrealertMatch(trackingCode: string): Promise<{ prealert: PrealertRow; owner: Customer } | null> {
  const prealert = await readOpenPrealert(trackingCode)
  const owner = prealert && (await readDirectory()).get(prealert.user_id)
  return prealert && owner ? { prealert, owner } : null
}

export function usePrealertMatch(trackingCode: string) {
  return useThrottledQuery(() => findPrealertMatch(trackingCode), [trackingCode], ['prealerts', 'directory'], 0)
}

/** Sorts rows newest first, by when they were created. */
const newestFirst = (a: { created_at: string }, b: { created_at: string }) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0)

/**
 * One customer's packages, newest first (SPEC §7's admin order), `limit` at most, and how many there
 * are. Sorted here: one customer's packages are few, and an index fewer keeps every pull faster.
 */
export function useCustomerPackages(userId: string, limit: number) {
  return useThrottledQuery(async (): Promise<Page<LocalPackage>> => {
    const [rows, chunked] = await Promise.all([db.packages.where('[user_id+updated_at]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).toArray(), readChunkedPackages()])
    const all = [...rows, ...chunked.newest.filter((pkg) => pkg.user_id === userId)]
    return { rows: all.sort(newestFirst).slice(0, limit), total: all.length }
  }, [userId, limit], ['packages'])
}

const contains = (value: string | null | undefined, needle: string) => (value ?? '').toLowerCase().includes(needle)

/**
 * Users of the directory that `search` finds (a locker code, an email or its beginning, a name's
 * words, phone digits, any part of a name or email, or a role's name), the best matches first and
 * newest first among equals; every user, newest first, without a search. One page of them.
 */
export function useUsersPage(search: string, roleLabels: Record<string, string>, offset: number, limit: number) {
  return useThrottledQuery(async (): Promise<Page<Customer>> => {
    const needle = search.trim().toLowerCase()
    const all = (await readDirectory()).search(search, (customer) => customer.role.includes(needle) || (roleLabels[customer.role] ?? '').toLowerCase().includes(needle))
    return { rows: all.slice(offset, offset + limit), total: all.length }
  }, [search, roleLabels, offset, limit], ['directory'])
}

export interface PackageFilter {
  /** A status, or the waiting packages whose free storage ends within days or has ended. */
  status: PackageStatus | 'storage-ending' | null
  /** Part of a tracking code or a locker code, or a customer as the directory finds them (name, email, phone). */
  search: string
}

/** Packages leaving in a requested or processing shipment, with its status, from this device's copy. */
async function readLeavingPackages(): Promise<ReadonlyMap<string, ShipmentStatus>> {
  const shipments = await db.shipments.where('status').anyOf(leavingStatuses).toArray()
  return new Map(shipments.flatMap((shipment) => shipment.package_ids.map((id) => [id, shipment.status] as const)))
}

export function useLeavingPackages() {
  return useThrottledQuery(readLeavingPackages, [], ['shipments'])
}

/** Waiting packages (not leaving in a shipment) whose free storage ends within days or has ended, the most urgent first. */
async function storageEndingPackages(): Promise<LocalPackage[]> {
  const waiting = (await Promise.all((['recibido', 'disponible'] as const).map((status) => byStatus(status).toArray()))).flat()
  const [directory, leaving] = await Promise.all([readDirectory(), readLeavingPackages()])
  return waiting
    .map((pkg) => ({ pkg, days: storageDaysLeft(pkg, { plan: directory.get(pkg.user_id)?.plan, shipmentStatus: leaving.get(pkg.id) }) }))
    .filter(({ days }) => isStorageEnding(days))
    .sort((a, b) => a.days! - b.days!)
    .map(({ pkg }) => pkg)
}

/** The package rows of a status (or all), in updated_at order. */
function byStatus(status: PackageStatus | null) {
  return status ? db.packages.where('[status+updated_at]').between([status, Dexie.minKey], [status, Dexie.maxKey]) : db.packages.orderBy('updated_at')
}

/**
 * The chunked packages (package-chunks.ts) a filter on status selects, most recently changed first.
 * An admin's chunks hold only packages that closed: another status selects none of them.
 */
async function chunkedWithStatus(status: PackageStatus | null): Promise<readonly LocalPackage[]> {
  if (status !== null && status !== 'entregado') return []
  const { newest } = await readChunkedPackages()
  return status === null ? newest : newest.filter((pkg) => pkg.status === status)
}

/** A page of the packages of a status (or all), most recently changed first: rows walked backwards on their index, merged with the chunked ones. */
async function packagesPage(status: PackageStatus | null, offset: number, limit: number): Promise<Page<LocalPackage>> {
  const rows = byStatus(status).reverse()
  const [first, count, chunked] = await Promise.all([rows.clone().limit(offset + limit).toArray(), rows.clone().count(), chunkedWithStatus(status)])
  return { rows: newestOf(first, chunked, offset + limit).slice(offset), total: count + chunked.length }
}

/** Searched by text (or storage ending): read whole (one getAll is far cheaper than a cursor) and matched here. */
async function searchedPackages({ status, search }: PackageFilter): Promise<LocalPackage[]> {
  const needle = search.trim().toLowerCase()
  const owners = new Set(needle ? (await readDirectory()).search(search).map((customer) => customer.id) : [])
  // Forwards, then reversed here: only a forward read is a single getAll.
  const candidates = status === 'storage-ending' ? await storageEndingPackages() : newestOf((await byStatus(status).toArray()).reverse(), await chunkedWithStatus(status))
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
      return packagesPage(filter.status, offset, limit)
    },
    [filter.status, filter.search, offset, limit],
    // Shipments too: a package leaving in one leaves the storage-ending list.
    ['packages', 'directory', 'shipments'],
  )
}

/** Every package id a filter selects (a bulk action over all matches). */
export async function packageIdsMatching(filter: PackageFilter): Promise<string[]> {
  if (filter.search.trim() || filter.status === 'storage-ending') return (await searchedPackages(filter)).map((pkg) => pkg.id)
  const [rows, chunked] = await Promise.all([byStatus(filter.status).reverse().toArray(), chunkedWithStatus(filter.status)])
  return newestOf(rows, chunked).map((pkg) => pkg.id)
}

/**
 * Packages that arrived today, a Miami calendar day whatever the device's zone, as the reports count
 * them: among those updated since (a package is updated when it arrives), a few hundred at most.
 */
async function countReceivedToday(): Promise<number> {
  const today = miamiDayNumber(new Date())
  // Midnight UTC of that date, hours before Miami's: none of today's is left out.
  const since = new Date(today * 86_400_000).toISOString()
  const arrivedToday = (pkg: LocalPackage) => miamiDayNumber(new Date(arrivalOf(pkg))) === today
  const [rows, chunked] = await Promise.all([db.packages.where('updated_at').aboveOrEqual(since).filter(arrivedToday).count(), readChunkedPackages()])
  return rows + chunked.newest.filter(arrivedToday).length
}

const countStatus = (status: PackageStatus) => db.packages.where('[status+updated_at]').between([status, Dexie.minKey], [status, Dexie.maxKey]).count()

/** The admin dashboard's figures, counted from the local copy (nothing hard-coded): customers are every one of the directory. */
export function useDashboardFigures() {
  return useThrottledQuery(async () => {
    const [customers, receivedToday, inTransit, inCustoms, readyForPickup, shipmentsToProcess] = await Promise.all([
      readDirectory().then((directory) => directory.count((customer) => customer.role === 'user')),
      countReceivedToday(),
      countStatus('transito'),
      countStatus('aduana'),
      countStatus('disponible'),
      // The warehouse's turn: to start, to weigh and measure, to ship.
      db.shipments.where('status').anyOf(['requested', 'processing', 'approved']).count(),
    ])
    return { customers, receivedToday, inTransit, inCustoms, readyForPickup, shipmentsToProcess }
  }, [], ['packages', 'directory', 'shipments'])
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
    const packages = newestOf(await db.packages.orderBy('updated_at').reverse().limit(limit * 2).toArray(), (await readChunkedPackages()).newest, limit * 2)
    const events = packages
      .flatMap((pkg) => pkg.events.map((event) => ({ pkg, event })))
      .sort((a, b) => (a.event.recorded_at < b.event.recorded_at ? 1 : a.event.recorded_at > b.event.recorded_at ? -1 : 0))
      .slice(0, limit)
    const directory = await readDirectory()
    return events.map(({ pkg, event }) => ({
      packageId: pkg.id,
      trackingCode: pkg.tracking_code,
      lockerCode: pkg.locker_code,
      status: event.status,
      recordedAt: event.recorded_at,
      email: directory.get(pkg.user_id)?.email ?? null,
    }))
  }, [limit], ['packages', 'directory'])
}

export interface ShipmentQueueFilter {
  /** One status, or every shipment still open (neither delivered nor cancelled). */
  status: ShipmentStatus | 'open'
  /** A customer as the directory finds them (locker code, email, name, phone), or part of a tracking number (outbound, or one of its packages'). */
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
        const owners = new Set((await readDirectory()).search(filter.search).map((customer) => customer.id))
        const packages = new Map((await readPackages([...new Set(matching.flatMap((shipment) => shipment.package_ids))])).flatMap((pkg) => (pkg ? [[pkg.id, pkg]] : [])))
        matching = matching.filter((shipment) => {
          return (
            owners.has(shipment.user_id) ||
            contains(shipment.outbound_tracking, needle) ||
            shipment.package_ids.some((id) => contains(packages.get(id)?.tracking_code, needle))
          )
        })
      }
      return { rows: matching.slice(offset, offset + limit), total: matching.length, counts }
    },
    [filter.status, filter.search, offset, limit],
    ['shipments', 'outbox', 'directory', 'packages'],
  )
}

/**
 * Which of these package ids the device holds (a search of the history shows the
 * others); undefined until read for these very ids. useLiveQuery keeps its last result while it
 * reads for new ones: that set, of other ids, would show rows the device holds as if it did not.
 */
export function useHeldPackages(ids: readonly string[]): ReadonlySet<string> | undefined {
  const key = ids.join(',')
  const read = useLiveQuery(async () => {
    const wanted = key ? key.split(',') : []
    const held = await readPackages(wanted)
    return { key, held: new Set(wanted.filter((_, i) => held[i])) }
  }, [key])
  return read?.key === key ? read.held : undefined
}

/** The staff on this device (clerks and admins), by name or e-mail: who the audit log can be filtered by. */
export function useStaffMembers() {
  return useLiveQuery(async () => {
    const staff = await db.profiles.where('role').anyOf('clerk', 'admin').toArray()
    const nameOf = (profile: (typeof staff)[number]) => profile.full_name || profile.email || profile.id
    return staff.map((profile) => ({ id: profile.id, name: nameOf(profile), role: profile.role })).sort((a, b) => a.name.localeCompare(b.name))
  }, [])
}
