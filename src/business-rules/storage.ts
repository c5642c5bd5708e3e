import { miamiDayNumber } from './miami-day'
import { planTerms, type PlanId } from './plans'
import type { Rates } from './rates'

/** A package waiting at the warehouse, where free storage counts down. */
const waitingStatuses: ReadonlySet<string> = new Set(['recibido', 'disponible'])
/** Statuses of a shipment whose packages are leaving, not waiting: free storage no longer counts down for them. */
const leavingShipmentStatuses: ReadonlySet<string> = new Set(['requested', 'processing'])
export const leavingStatuses = [...leavingShipmentStatuses]

/** The last days of free storage are a warning. */
export const storageWarningDays = 5

interface StoredPackage {
  status: string
  created_at: string
  events: { status: string; changed_at: string }[]
}

/** When the package arrived: its first "received" status, else when it was registered (which is arrival). */
export function arrivalOf(pkg: StoredPackage): string {
  return pkg.events.find((event) => event.status === 'recibido')?.changed_at ?? pkg.created_at
}

/** Whose storage it is: the owner's plan (Basic when unknown), and the status of the shipment the package is in, if any. */
export interface StorageTerms {
  plan?: PlanId | undefined
  shipmentStatus?: string | undefined
}

/**
 * Whole free storage days left (0 on the last free day, negative once it has ended), or null when
 * free storage does not count down for the package: it is not waiting at the warehouse, or it is
 * leaving in a requested or processing shipment. Counted in Miami calendar days whatever the
 * device's time zone. The database's twin is storage_countdowns, which the reports and the
 * reminders count (tests/db/storage-days.test.ts holds the two equal).
 */
export function storageDaysLeft(pkg: StoredPackage, { plan = 'basic', shipmentStatus }: StorageTerms, now = new Date()): number | null {
  if (!waitingStatuses.has(pkg.status) || (shipmentStatus !== undefined && leavingShipmentStatuses.has(shipmentStatus))) return null
  const lastFreeDay = miamiDayNumber(new Date(arrivalOf(pkg))) + planTerms[plan].freeStorageDays
  return lastFreeDay - miamiDayNumber(now)
}

export const isStorageEnding = (daysLeft: number | null): daysLeft is number => daysLeft !== null && daysLeft <= storageWarningDays

/**
 * What a day of storage costs the package now, in cents: the storage fee rate once its free storage has
 * ended (post_storage_fees posts it for each day after the last free one), or null while it is free,
 * when it does not count down, or when the rate is 0.
 */
export const storageFeePerDayCents = (daysLeft: number | null, rates: Pick<Rates, 'storage_fee_cents_per_day'>): number | null =>
  daysLeft !== null && daysLeft < 0 && rates.storage_fee_cents_per_day > 0 ? rates.storage_fee_cents_per_day : null
