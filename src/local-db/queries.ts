import Dexie, { liveQuery } from 'dexie'
import { useLiveQuery } from 'dexie-react-hooks'
import { newestOf, readChunkedPackages } from './package-chunks'
import { db, isPrealertOp, isShipmentOp, type LocalPackage, type SyncStream } from './db'
import { mutedKindsOf } from './notification-preferences'
import { withPendingReads } from './notification-overlay'
import { readOwner, readOwnerRole } from './owner'
import { readPackages } from './package-store'
import { withPendingPrealertOps } from './prealert-overlay'
import { withPendingShipmentOps } from './shipment-overlay'
import type { NotificationRow, Role } from './rows'
import { useThrottledQuery } from './throttled-query'

export type { LocalPackage, LocalProfile } from './db'

/** Live reads: `undefined` while the first read runs, then re-rendered on every change. */
export function useProfile(userId: string) {
  return useLiveQuery(() => db.profiles.get(userId), [userId])
}

/** The customer's packages, most recently updated first (SPEC §7's dashboard order), `limit` at most. */
export function usePackages(userId: string, limit: number) {
  return useThrottledQuery(() => readCustomerPackages(userId, limit), [userId, limit], ['packages'])
}

export function usePackageCount(userId: string) {
  return useThrottledQuery(() => countCustomerPackages(userId), [userId], ['packages'])
}

const packagesOf = (userId: string) => db.packages.where('[user_id+updated_at]').between([userId, Dexie.minKey], [userId, Dexie.maxKey])

/** `userId`'s packages kept many to a record (package-chunks.ts: a customer's are all there but a few rows), most recently changed first. */
const chunkedOf = async (userId: string, which: (pkg: LocalPackage) => boolean = () => true) => (await readChunkedPackages()).newest.filter((pkg) => pkg.user_id === userId && which(pkg))

/** usePackages, read once. */
export async function readCustomerPackages(userId: string, limit: number): Promise<LocalPackage[]> {
  const [rows, chunked] = await Promise.all([packagesOf(userId).reverse().limit(limit).toArray(), chunkedOf(userId)])
  return newestOf(rows, chunked, limit)
}

/** usePackageCount, read once. */
export async function countCustomerPackages(userId: string): Promise<number> {
  const [rows, chunked] = await Promise.all([packagesOf(userId).count(), chunkedOf(userId)])
  return rows + chunked.length
}

/** One package (a prealert's, once received): `undefined` while it is read, without an id, or while it is not here yet. */
export function usePackage(packageId: string | null) {
  return useLiveQuery(async () => (packageId ? (await readPackages([packageId]))[0] : undefined), [packageId])
}

/** Packages by id, in the order asked (those not on this device left out): a shipment's. */
export function usePackagesById(packageIds: readonly string[]) {
  const key = packageIds.join(',')
  return useLiveQuery(async () => (await readPackages(key ? key.split(',') : [])).filter((pkg) => pkg !== undefined), [key])
}

/** The customer's prealerts with their queued changes on top, most recently changed first. */
export function usePrealerts(userId: string) {
  return useLiveQuery(async () => {
    const rows = await db.prealerts.where('[user_id+updated_at]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).toArray()
    const ops = (await db.outbox.toArray()).filter(isPrealertOp).filter((op) => op.userId === userId)
    return withPendingPrealertOps(rows, ops, userId)
  }, [userId])
}

/** The open ('announced') prealert with this normalised tracking code, if any: what the warehouse matches on arrival. */
export async function readOpenPrealert(trackingCode: string) {
  if (!trackingCode) return null
  return (await db.prealerts.where('tracking_code').equals(trackingCode).filter((row) => row.state === 'announced').first()) ?? null
}

/** When this user's packages were last pulled completely (epoch ms), kept with the checkpoint. */
export function useSyncedAt(userId: string, stream: SyncStream = 'packages') {
  return useLiveQuery(async () => {
    const state = await db.syncState.get(stream)
    return state?.userId === userId ? state.syncedAt : null
  }, [userId, stream])
}

/** Resolves once this user's stream has been pulled completely at least once; rejects with the signal's reason if it is aborted first. */
export function whenSynced(userId: string, stream: SyncStream, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const subscription = liveQuery(() => db.syncState.get(stream)).subscribe({
      next: (state) => {
        if (state?.userId !== userId || state.syncedAt === null) return
        signal?.removeEventListener('abort', abort)
        resolve()
        queueMicrotask(() => subscription.unsubscribe())
      },
    })
    function abort() {
      subscription.unsubscribe()
      reject(signal!.reason)
    }
    signal?.addEventListener('abort', abort, { once: true })
  })
}

/**
 * The role this device knows without the network: the saved profile's (what the server said last),
 * else the one the user's session here began with (the profile's first pull may not have landed).
 */
export async function readLocalRole(userId: string): Promise<Role | undefined> {
  return (await db.profiles.get(userId))?.role ?? (await readOwnerRole(userId))
}

/** Calls `onRole` with the saved profile's role now and whenever a pull changes it. Returns `stop`. */
export function watchLocalRole(userId: string, onRole: (role: Role) => void): () => void {
  const subscription = liveQuery(() => readLocalRole(userId)).subscribe({
    next: (role) => {
      if (role) onRole(role)
    },
  })
  return () => subscription.unsubscribe()
}

/** The user's shipments with their queued changes on top, newest first (a customer's own). */
export function useShipments(userId: string) {
  return useLiveQuery(async () => {
    const rows = await db.shipments.where('[user_id+updated_at]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).toArray()
    const ops = (await db.outbox.where('shipmentId').above('').toArray()).filter(isShipmentOp).filter((op) => op.userId === userId)
    return withPendingShipmentOps(rows, ops)
  }, [userId])
}

/** One shipment with every queued change on top (this device's, whoever made them), or null when it is not here. */
export function useShipment(shipmentId: string) {
  return useLiveQuery(async () => {
    const row = await db.shipments.get(shipmentId)
    const ops = (await db.outbox.where('shipmentId').equals(shipmentId).toArray()).filter(isShipmentOp)
    return withPendingShipmentOps(row ? [row] : [], ops)[0] ?? null
  }, [shipmentId])
}

/** Shipments still open: a package in one cannot be asked for again. */
const openShipment = (status: string) => status !== 'cancelled' && status !== 'delivered'

/** The packages in the customer's open shipments, whether the server has them or they are still queued on this device. */
async function packagesInOpenShipments(userId: string): Promise<Set<string>> {
  const shipments = await db.shipments.where('[user_id+updated_at]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).toArray()
  const ops = (await db.outbox.where('shipmentId').above('').toArray()).filter(isShipmentOp).filter((op) => op.userId === userId)
  return new Set(withPendingShipmentOps(shipments, ops).flatMap((shipment) => (openShipment(shipment.status) ? shipment.package_ids : [])))
}

const atWarehouse = (pkg: LocalPackage) => pkg.status === 'recibido'

/**
 * The customer's packages that can be shipped: at the warehouse ('recibido') and in no open
 * shipment, whether the server has it or it is still queued on this device. Oldest first.
 */
export async function readShippablePackages(userId: string): Promise<LocalPackage[]> {
  const [taken, rows, chunked] = await Promise.all([
    packagesInOpenShipments(userId),
    db.packages.where('[status+updated_at]').between(['recibido', Dexie.minKey], ['recibido', Dexie.maxKey]).toArray().then((oldestFirst) => oldestFirst.reverse()),
    chunkedOf(userId, atWarehouse),
  ])
  return newestOf(rows, chunked)
    .filter((pkg) => pkg.user_id === userId && !taken.has(pkg.id))
    .reverse()
}

export function useShippablePackages(userId: string) {
  return useThrottledQuery(() => readShippablePackages(userId), [userId], ['packages', 'shipments', 'outbox'])
}

/** How many of those there are: the dashboard's figure. */
export function useShippableCount(userId: string) {
  return useThrottledQuery(async () => (await readShippablePackages(userId)).length, [userId], ['packages', 'shipments', 'outbox'])
}

/**
 * The customer's notifications, newest first (only the signed-in user's are ever on the device),
 * read where this device marked them read and the server has not heard yet, but for the kinds they
 * turned off in the app.
 */
export function useNotifications() {
  // Throttled: a first pull writes an inbox of thousands page after page, and each page would read it all again.
  return useThrottledQuery(readInbox, [], ['notifications', 'outbox', 'profiles'])
}

/** useNotifications, read once: without the kinds the owner turned off in the app (made all the same: they drive push and mail). */
export async function readInbox(): Promise<NotificationRow[]> {
  const [rows, ops, owner] = await Promise.all([db.notifications.orderBy('created_at').reverse().toArray(), db.outbox.toArray(), readOwner()])
  const hidden = owner ? (await mutedKindsOf(owner.userId, ops)).in_app : []
  return withPendingReads(hidden.length > 0 ? rows.filter((row) => !hidden.includes(row.kind)) : rows, ops)
}
