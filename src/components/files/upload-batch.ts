import { useState } from 'react'
import type { UploadOp } from '@/local-db/db'
import { useUploadProgressStore } from '@/stores/upload-progress-store'

/** How far a row's files are, all together: those waiting, and those sent since it last had none waiting. */
export interface BatchProgress {
  files: number
  sentFiles: number
  sent: number
  total: number
}

/**
 * The overall progress of a row's queued files. A file that leaves the queue (sent) still counts,
 * as sent, until none of the row's files is waiting any more, so the bar never runs backwards; a
 * refused one counts for nothing. Null when nothing is waiting.
 */
export function useUploadBatch(queued: readonly UploadOp[]): BatchProgress | null {
  const progress = useUploadProgressStore()
  const waiting = queued.filter((op) => op.state === 'pending')
  const [batch, setBatch] = useState<Record<string, number>>({})
  const joining = waiting.filter((op) => !(op.opId in batch))
  if (waiting.length === 0 && Object.keys(batch).length > 0) setBatch({})
  else if (joining.length > 0) setBatch({ ...batch, ...Object.fromEntries(joining.map((op) => [op.opId, op.size])) })
  if (waiting.length === 0) return null

  const refused = new Set(queued.filter((op) => op.state !== 'pending').map((op) => op.opId))
  const stillQueued = new Set(queued.map((op) => op.opId))
  const counted = Object.entries({ ...batch, ...Object.fromEntries(waiting.map((op) => [op.opId, op.size])) }).filter(([opId]) => !refused.has(opId))
  const sentOf = (opId: string, size: number) => (stillQueued.has(opId) ? Math.min(size, progress[opId]?.sent ?? 0) : size)
  return {
    files: counted.length,
    sentFiles: counted.filter(([opId]) => !stillQueued.has(opId)).length,
    sent: counted.reduce((sum, [opId, size]) => sum + sentOf(opId, size), 0),
    total: counted.reduce((sum, [, size]) => sum + size, 0),
  }
}
