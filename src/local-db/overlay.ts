import { db, isPackageOp, type LocalPackage, type PackageOp, type QueuedOp } from './db'

type ServerPackage = Omit<LocalPackage, 'serverStatus'>

/** The row as the server last had it: the local row without this device's pending status. */
export function serverRowOf({ serverStatus, ...row }: LocalPackage): ServerPackage {
  return serverStatus === undefined ? row : { ...row, status: serverStatus }
}

/**
 * What screens show: the server's row with this device's pending changes on top, so an optimistic
 * change survives every pull until the server has recorded it. Only pending ops count: a conflict
 * or a refusal did not happen, so the row shows the server's status for it.
 */
export function withPendingOps(server: ServerPackage, ops: readonly QueuedOp[]): LocalPackage {
  const pending = ops.filter((op) => isPackageOp(op) && op.state === 'pending' && op.packageId === server.id)
  const last = pending.findLast((op) => op.kind === 'set-status')
  return last?.kind === 'set-status' ? { ...server, status: last.status, serverStatus: server.status } : server
}

/** This package's queued ops in creation order (call inside a transaction that includes the outbox). */
export async function opsOf(packageId: string): Promise<PackageOp[]> {
  return (await db.outbox.where('packageId').equals(packageId).sortBy('seq')).filter(isPackageOp)
}
