import Dexie from 'dexie'
import { useLiveQuery } from 'dexie-react-hooks'
import { db, type LocalPackage, type LocalProfile } from './db'
import type { PackageStatus } from './rows'

// The admin's reads: all from the local copy (every package and the customer directory), so they
// work offline and open at once. Lists are paged: a screen never holds more than a page of rows.

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

/** One customer's packages, newest first (SPEC §7's admin order), `limit` at most, and how many there are. */
export function useCustomerPackages(userId: string, limit: number) {
  return useLiveQuery(async (): Promise<Page<LocalPackage>> => {
    const all = db.packages.where('[user_id+created_at]').between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    const [rows, total] = await Promise.all([all.clone().reverse().limit(limit).toArray(), all.count()])
    return { rows, total }
  }, [userId, limit])
}

const contains = (value: string | null | undefined, needle: string) => (value ?? '').toLowerCase().includes(needle)

/** Users, newest first, whose name, email or role contains `search` (any case); one page of them. */
export function useUsersPage(search: string, roleLabels: Record<string, string>, offset: number, limit: number) {
  return useLiveQuery(async (): Promise<Page<LocalProfile>> => {
    const needle = search.trim().toLowerCase()
    const matches = (profile: LocalProfile) =>
      !needle || contains(profile.full_name, needle) || contains(profile.email, needle) || contains(profile.role, needle) || contains(roleLabels[profile.role], needle)
    const all = db.profiles.orderBy('created_at').reverse().filter(matches)
    const [rows, total] = await Promise.all([all.clone().offset(offset).limit(limit).toArray(), all.clone().count()])
    return { rows, total }
  }, [search, roleLabels, offset, limit])
}

export interface PackageFilter {
  status: PackageStatus | null
  /** Part of a tracking code, a locker code or a customer's email. */
  search: string
}

/** The packages a filter selects, most recently updated first: an index walk when there is no search text. */
async function filteredPackages({ status, search }: PackageFilter) {
  const base = status
    ? db.packages.where('[status+updated_at]').between([status, Dexie.minKey], [status, Dexie.maxKey]).reverse()
    : db.packages.orderBy('updated_at').reverse()
  const needle = search.trim().toLowerCase()
  if (!needle) return base
  const owners = new Set(await db.profiles.filter((profile) => contains(profile.email, needle)).primaryKeys())
  return base.filter((pkg) => contains(pkg.tracking_code, needle) || contains(pkg.locker_code, needle) || owners.has(pkg.user_id))
}

export function usePackagesPage(filter: PackageFilter, offset: number, limit: number) {
  return useLiveQuery(async (): Promise<Page<LocalPackage>> => {
    const all = await filteredPackages(filter)
    const [rows, total] = await Promise.all([all.clone().offset(offset).limit(limit).toArray(), all.clone().count()])
    return { rows, total }
  }, [filter.status, filter.search, offset, limit])
}

/** Every package id a filter selects (a bulk action over all matches). */
export async function packageIdsMatching(filter: PackageFilter): Promise<string[]> {
  return (await filteredPackages(filter)).primaryKeys()
}

/** Customers' emails by id, for labelling package rows. */
export function useEmailsOf(userIds: readonly string[]) {
  const key = [...new Set(userIds)].sort().join(',')
  return useLiveQuery(async () => {
    const ids = key ? key.split(',') : []
    const profiles = await db.profiles.bulkGet(ids)
    return new Map(ids.map((id, i) => [id, profiles[i]?.email ?? null]))
  }, [key])
}

const dayStart = () => {
  const now = new Date()
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString()
}

const countStatus = (status: PackageStatus) => db.packages.where('[status+updated_at]').between([status, Dexie.minKey], [status, Dexie.maxKey]).count()

/** The admin dashboard's figures, counted from the local copy (nothing hard-coded). */
export function useDashboardFigures() {
  return useLiveQuery(async () => {
    const [customers, receivedToday, inTransit, inCustoms, readyForPickup] = await Promise.all([
      db.profiles.where('role').equals('user').count(),
      db.packages.where('created_at').aboveOrEqual(dayStart()).count(),
      countStatus('transito'),
      countStatus('aduana'),
      countStatus('disponible'),
    ])
    return { customers, receivedToday, inTransit, inCustoms, readyForPickup }
  })
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
  return useLiveQuery(async (): Promise<Activity[]> => {
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
  }, [limit])
}
