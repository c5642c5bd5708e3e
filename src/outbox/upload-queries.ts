import { db, isUploadOp, type UploadOp } from '@/local-db/db'
import { useThrottledQuery } from '@/local-db/throttled-query'

/** Which row's files: a package's photos, a prealert's or a shipment's documents, a user's profile photo. */
export type UploadsOf = { packageId: string } | { prealertId: string } | { shipmentId: string } | { avatarOf: string }

async function queuedFor(of: UploadsOf): Promise<UploadOp[]> {
  const ops =
    'packageId' in of
      ? await db.outbox.where('packageId').equals(of.packageId).sortBy('seq')
      : 'prealertId' in of
        ? await db.outbox.where('prealertId').equals(of.prealertId).sortBy('seq')
        : 'shipmentId' in of
          ? await db.outbox.where('shipmentId').equals(of.shipmentId).sortBy('seq')
          : (await db.outbox.orderBy('seq').toArray()).filter((op) => op.userId === of.avatarOf && isUploadOp(op) && op.target === 'avatar')
  return ops.filter(isUploadOp)
}

/** The files still waiting to upload (or refused) for a row, oldest first. */
export function useQueuedUploads(of: UploadsOf): UploadOp[] | undefined {
  const key = JSON.stringify(of)
  return useThrottledQuery(() => queuedFor(of), [key], ['outbox'])
}
