import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/**
 * Why Storage or the database refused a file (supabase/config.toml's bucket limits, the policies in
 * 20261125120000_storage_policies, the RPCs in 20261125130000_photos_documents_avatars), in the
 * reader's language. The pickers check type and size first; the server has the last word.
 */
const refusals: [RegExp, MessageDescriptor][] = [
  [/row-level security/, msg`Your account may not store this file there.`],
  [/exceeded the maximum allowed size|^Maximum size exceeded/, msg`The file is too large.`],
  [/^mime type .* is not supported/, msg`This kind of file is not accepted.`],
  [/^only admins can add photos/, msg`Your account is no longer an admin: only admins can add photos to packages.`],
  [/^package \S+ not found$/, msg`This package no longer exists.`],
  [/^prealert \S+ not found$/, msg`This prealert no longer exists.`],
  [/^shipment \S+ not found$/, msg`This shipment no longer exists.`],
  [/^documents cannot be attached to a (cancelled|delivered)/, msg`Documents can no longer be attached: it is closed.`],
  [/^at most 10 documents/, msg`At most 10 documents can be attached.`],
  [/^a package has at most 20 photos$/, msg`A package has at most 20 photos.`],
  [/^a document's name has 1 to 120 characters$/, msg`The file's name must have 1 to 120 characters.`],
  [/has not been uploaded$|no longer on this device$/, msg`The file did not reach the server. Discard it and choose it again.`],
  [/ is stored as <|^documents are attached to a prealert or a shipment/, msg`The file reached the server in a form it does not take. Discard it and choose it again.`],
  [/^profile \S+ not found$/, msg`Your profile no longer exists.`],
  [/^sign in to /, msg`Your session ended: log in again to send this file.`],
]

export function uploadRefusal(i18n: I18n, serverMessage: string): string {
  const known = refusals.find(([pattern]) => pattern.test(serverMessage))
  return known ? i18n._(known[1]) : serverMessage
}
