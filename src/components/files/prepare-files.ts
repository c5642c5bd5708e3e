import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { DeviceFile } from '@/outbox/queue-uploads'
import { maxPhotoSide, toJpeg } from './downscale'

/** A file this device will not queue, and why (in the reader's language, by the caller). */
export class FileRefused extends Error {
  constructor(readonly reason: MessageDescriptor) {
    super(reason.message ?? reason.id)
    this.name = 'FileRefused'
  }
}

export type PrepareFile = (file: File) => Promise<DeviceFile>

const documentTypes = ['application/pdf', 'image/jpeg', 'image/png']
/** supabase/config.toml: the documents bucket's file_size_limit. */
const maxDocumentBytes = 10 * 1024 * 1024
/** attach_document's longest name, in characters; tests/db/file-limits.test.ts holds the two equal. */
export const maxDocumentName = 120

/** The name a document is attached under: the file's, trimmed, cut to maxDocumentName characters (never inside one), or "document". */
export const documentName = (fileName: string): string => [...fileName.trim()].slice(0, maxDocumentName).join('').trim() || 'document'

/** Profile photos are this many pixels square. */
const avatarSide = 512

async function pictureOf(file: File, crop: { square?: boolean; maxSide: number }): Promise<DeviceFile> {
  if (!file.type.startsWith('image/')) throw new FileRefused(msg`This file is not a picture.`)
  try {
    return { bytes: await toJpeg(file, crop), contentType: 'image/jpeg', name: file.name.replace(/\.[^.]*$/, '') + '.jpg' }
  } catch {
    throw new FileRefused(msg`This picture could not be read. Try another one, or a JPEG or PNG.`)
  }
}

/** A package photo: re-encoded as JPEG, its long side at most 1600 px. */
export const preparePhoto: PrepareFile = (file) => pictureOf(file, { maxSide: maxPhotoSide })

/** A profile photo: the picture's centred square, 512 px. */
export const prepareAvatar: PrepareFile = (file) => pictureOf(file, { square: true, maxSide: avatarSide })

/** An invoice: a PDF, JPEG or PNG up to 10 MB, sent as it is. */
export const prepareDocument: PrepareFile = async (file) => {
  if (!documentTypes.includes(file.type)) throw new FileRefused(msg`Attach a PDF, JPEG or PNG file.`)
  if (file.size > maxDocumentBytes) throw new FileRefused(msg`The file is larger than 10 MB.`)
  return { bytes: await file.arrayBuffer(), contentType: file.type, name: documentName(file.name) }
}
