import { db, type LocalProfile, type UploadOp } from '@/local-db/db'
import type { PackageRow, PrealertRow, ShipmentRow } from '@/local-db/rows'
import type { Supabase } from '@/remote/create-client'
import { failure, type Answer, type Failure } from './answers'

/** What supabase-js's Storage client returns as an error (its class is not re-exported). */
interface StorageError {
  message: string
  /** The HTTP status; absent when no answer came (offline). */
  status?: number
  /** Supabase Storage's own code, from the body. */
  statusCode?: string
}

/** A year: an object's path never names other bytes, so browsers may keep it. */
const cacheSeconds = '31536000'

/** A Storage error as the outbox treats it. Supabase Storage answers client errors with HTTP 400 and the real code in the body. */
function storageFailure(error: StorageError): Failure {
  if (error.status === undefined) return { kind: 'unanswered', message: error.message }
  if (/jwt|token/i.test(error.message) && (error.statusCode === '400' || error.statusCode === '401' || error.statusCode === '403')) return { kind: 'unauthorized', message: error.message }
  return failure(error.status >= 500 ? error.status : Number(error.statusCode) || error.status, { message: error.message, code: error.statusCode })
}

/** "409 Duplicate": the object is already stored (an earlier try's answer was lost). Its path is this op's own. */
const alreadyStored = (error: StorageError) => error.statusCode === '409'

/** Lists the stored file on its row; each RPC lists a path once, however often it is called. */
async function listOnRow(client: Supabase, op: UploadOp, signal: AbortSignal): Promise<Answer> {
  switch (op.target) {
    case 'package-photo': {
      const { data, error, status } = await client.rpc('add_package_photo', { p_package_id: op.packageId, p_path: op.path }).abortSignal(signal)
      if (error) return failure(status, error)
      const { package: row, previous_version } = data as { package: PackageRow; previous_version: number }
      return { op, outcome: 'uploaded', row: { kind: 'package', row, previousVersion: previous_version } }
    }
    case 'prealert-document':
    case 'shipment-document': {
      const isPrealert = op.target === 'prealert-document'
      const { data, error, status } = await client
        .rpc('attach_document', { p_target: isPrealert ? 'prealert' : 'shipment', p_target_id: isPrealert ? op.prealertId : op.shipmentId, p_path: op.path, p_name: op.name })
        .abortSignal(signal)
      if (error) return failure(status, error)
      return { op, outcome: 'uploaded', row: isPrealert ? { kind: 'prealert', row: data as PrealertRow } : { kind: 'shipment', row: data as ShipmentRow } }
    }
    case 'avatar': {
      const { data, error, status } = await client.rpc('set_avatar', { p_path: op.path }).abortSignal(signal)
      if (error) return failure(status, error)
      return { op, outcome: 'uploaded', row: { kind: 'profile', row: data as LocalProfile } }
    }
  }
}

/**
 * Uploads a queued file to its fixed path without overwriting (a replay finds it stored and goes
 * on), then lists it on its row.
 */
export async function sendUpload(client: Supabase, op: UploadOp, signal: AbortSignal): Promise<Answer> {
  const file = await db.uploads.get(op.opId)
  if (!file) return { kind: 'refused', message: 'the file of this upload is no longer on this device' }
  const { error } = await client.storage.from(op.bucket).upload(op.path, new Blob([file.bytes], { type: op.contentType }), { upsert: false, cacheControl: cacheSeconds })
  if (error && !alreadyStored(error)) return storageFailure(error)
  if (signal.aborted) return { kind: 'unanswered', message: 'aborted' }
  return listOnRow(client, op, signal)
}
