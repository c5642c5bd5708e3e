import { db, type UploadBucket, type UploadOp } from '@/local-db/db'
import { assertOwner } from '@/local-db/owner'
import { newOpFields, notifyQueued } from './queue'

/** What a file is for, and the row it goes on. */
export type UploadTarget =
  | { target: 'package-photo'; packageId: string }
  | { target: 'prealert-document'; prealertId: string }
  | { target: 'shipment-document'; shipmentId: string }
  | { target: 'avatar' }

/** A file read on the device: its bytes (read before any IndexedDB transaction opens), type and name. */
export interface DeviceFile {
  bytes: ArrayBuffer
  contentType: string
  name: string
}

const extensions: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' }

/** The bucket and the object path, chosen here once: every try sends the file to the same place. */
function placeFor(userId: string, target: UploadTarget, contentType: string): { bucket: UploadBucket; path: string } {
  const id = crypto.randomUUID()
  switch (target.target) {
    case 'package-photo':
      return { bucket: 'package-photos', path: `${target.packageId}/${id}.jpg` }
    case 'avatar':
      return { bucket: 'avatars', path: `${userId}/${id}.jpg` }
    default:
      return { bucket: 'documents', path: `${userId}/${id}.${extensions[contentType] ?? 'bin'}` }
  }
}

/**
 * Queues a file to upload and list on its row, in one transaction with its bytes: it is either
 * queued whole or not at all (a full device throws, and the caller says so; nothing is dropped
 * silently). The sync engine sends it when it can, exactly once.
 */
export async function queueUpload(userId: string, target: UploadTarget, file: DeviceFile): Promise<UploadOp> {
  const op = { ...newOpFields(userId), kind: 'upload-file', ...target, ...placeFor(userId, target, file.contentType), name: file.name, contentType: file.contentType, size: file.bytes.byteLength } as UploadOp
  await db.transaction('rw', db.outbox, db.uploads, db.owner, async () => {
    await assertOwner(userId)
    await db.uploads.add({ opId: op.opId, bytes: file.bytes })
    await db.outbox.add(op)
  })
  notifyQueued()
  return op
}
