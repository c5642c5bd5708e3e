import { planTerms, type PlanId } from './plans'

/** A package waiting at the warehouse, where free storage counts down. */
const waitingStatuses: ReadonlySet<string> = new Set(['recibido', 'disponible'])
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
 * ended), or null for packages that are not waiting. Counted in calendar days where the user is.
 */
export function storageDaysLeft(pkg: StoredPackage, plan: PlanId = 'basic', now = new Date()): number | null {
  if (!waitingStatuses.has(pkg.status)) return null
  const arrival = new Date(arrivalOf(pkg))
  const lastFreeDay = new Date(arrival.getFullYear(), arrival.getMonth(), arrival.getDate() + planTerms[plan].freeStorageDays)
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  // Rounded: a day across a daylight-saving change is 23 or 25 hours long.
  return Math.round((lastFreeDay.getTime() - today.getTime()) / 86_400_000)
}

export const isStorageEnding = (daysLeft: number | null): daysLeft is number => daysLeft !== null && daysLeft <= storageWarningDays
