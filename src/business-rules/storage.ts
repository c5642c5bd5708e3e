import { miamiDayNumber } from './miami-day'
import { planTerms, type PlanId } from './plans'

/** A package waiting at the warehouse, where free storage counts down. */
const waitingStatuses: ReadonlySet<string> = new Set(['recibido', 'disponible'])
/**
 * Statuses of a shipment whose packages are leaving, not waiting: free storage no longer counts down
 * for them, as the database's reminders skip them (notify_storage_endings).
 */
const leavingShipmentStatuses: ReadonlySet<string> = new Set(['requested', 'processing'])
export const leavingStatuses = [...leavingShipmentStatuses]
export const isLeaving = (shipmentStatus: string | undefined): boolean => shipmentStatus !== undefined && leavingShipmentStatuses.has(shipmentStatus)

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

/**
 * Whole free storage days left for a waiting package (0 on its last day, negative once it has
 * ended), or null for packages that are not waiting. Counted in Miami calendar days, like the
 * database's reminders and reports, whatever the device's time zone.
 */
export function storageDaysLeft(pkg: StoredPackage, plan: PlanId = 'basic', now = new Date()): number | null {
  if (!waitingStatuses.has(pkg.status)) return null
  const lastFreeDay = miamiDayNumber(new Date(arrivalOf(pkg))) + planTerms[plan].freeStorageDays
  return lastFreeDay - miamiDayNumber(now)
}

export const isStorageEnding = (daysLeft: number | null): daysLeft is number => daysLeft !== null && daysLeft <= storageWarningDays
