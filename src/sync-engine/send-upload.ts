import { db, type LocalProfile, type UploadBucket, type UploadOp } from '@/local-db/db'
import type { PackageRow, PrealertRow, ShipmentRow } from '@/local-db/rows'
import type { Supabase } from '@/remote/create-client'
import { uploadResumable } from '@/remote/resumable-upload'
import { forgetUploadProgress, keepUploadProgressOf, reportUploadProgress } from '@/stores/upload-progress-store'
import { failure, type Answer, type Failure } from './answers'

/**
 * An avatar's path never names other bytes: browsers and CDNs may keep it a year. A private file
 * (package photo, document) is never reused from an HTTP cache without asking the server (Storage
 * keeps seconds as `max-age` and anything else as `no-cache`): this device keeps its own copy.
 */
const cacheControlOf = (bucket: UploadBucket) => (bucket === 'avatars' ? '31536000' : 'no-cache')

let sending: Promise<unknown> = Promise.resolve()

/** One file at a time: on a slow link each is stored (and listed) sooner than if all shared it. */
function oneFileAtATime<T>(send: () => Promise<T>): Promise<T> {
  const turn = sending.then(send)
  sending = turn.catch(() => undefined)
  return turn
}

/** Why a file was not stored, as the outbox treats it. */
function uploadFailure({ status, message, code }: { status: number; message: string; code?: string }): Failure {
  // No answer: offline, or a drop or a stall the retries did not outlast.
  if (status === 0) return { kind: 'unanswered', message }
  if (/jwt|token/i.test(message) && (status === 400 || status === 401 || status === 403)) return { kind: 'unauthorized', message }
  // The upload busy with a request the server still holds, or its offset moved: tried again, it goes on from the server's.
  if (status === 409 || status === 423) return { kind: 'later', message }
  return failure(status, { message, code })
}

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
    case 'article-cover':
      // Its article's save, queued after it, names the path.
      return { op, outcome: 'uploaded', row: { kind: 'cover' } }
    case 'avatar': {
      const { data, error, status } = await client.rpc('set_avatar', { p_path: op.path }).abortSignal(signal)
      if (error) return failure(status, error)
      return { op, outcome: 'uploaded', row: { kind: 'profile', row: data as LocalProfile } }
    }
  }
}

/**
 * Uploads a queued file to its fixed path with Storage's resumable protocol, never overwriting (a
 * replay finds it stored and goes on), then lists it on its row. The upload's URL is kept with the
 * file's bytes, so a drop, a reload or a killed tab goes on from the last offset the server
 * confirmed; its progress is shown while it goes.
 */
export async function sendUpload(client: Supabase, op: UploadOp, signal: AbortSignal): Promise<Answer> {
  const file = await db.uploads.get(op.opId)
  if (!file) return { kind: 'refused', message: 'the file of this upload is no longer on this device', key: { hint: 'file_not_on_device' } }
  keepUploadProgressOf(new Set((await db.outbox.orderBy('opId').keys()).map(String)))
  const outcome = await oneFileAtATime(() =>
    uploadResumable(
      client,
      { bucket: op.bucket, path: op.path, contentType: op.contentType, cacheControl: cacheControlOf(op.bucket), bytes: file.bytes, uploadUrl: file.uploadUrl ?? null },
      {
        onUrl: (uploadUrl) => void db.uploads.update(op.opId, { uploadUrl }),
        onProgress: (sent, total) => reportUploadProgress(op.opId, sent, total),
      },
      signal,
    ),
  )
  if (!outcome.stored) {
    const answer = uploadFailure(outcome)
    // Tried again later, it goes on from where it is; refused, it starts from nothing if tried again.
    if (answer.kind === 'refused') forgetUploadProgress(op.opId)
    return answer
  }
  if (signal.aborted) return { kind: 'unanswered', message: 'aborted' }
  return listOnRow(client, op, signal)
}
