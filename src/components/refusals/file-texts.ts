import { msg } from '@lingui/core/macro'
import { text, type Say } from './say'

/** Refusals of add_package_photo, attach_document and set_avatar, and of this device's own upload queue. */
export const fileTexts: Record<string, Say> = {
  too_many_photos: (i18n, detail) => {
    const max = text(detail, 'max')
    return i18n._(msg`A package has at most ${max} photos.`)
  },
  too_many_documents: (i18n, detail) => {
    const max = text(detail, 'max')
    return i18n._(msg`At most ${max} documents can be attached.`)
  },
  documents_closed: (i18n) => i18n._(msg`Documents can no longer be attached: it is closed.`),
  document_name_length: (i18n, detail) => {
    const max = text(detail, 'max')
    return i18n._(msg`The file's name must have 1 to ${max} characters.`)
  },
  file_not_uploaded: (i18n) => i18n._(msg`The file did not reach the server. Discard it and choose it again.`),
  file_not_on_device: (i18n) => i18n._(msg`The file did not reach the server. Discard it and choose it again.`),
  bad_file_path: (i18n) => i18n._(msg`The file reached the server in a form it does not take. Discard it and choose it again.`),
  profile_not_found: (i18n) => i18n._(msg`Your profile no longer exists.`),
}

/** Storage's own refusals (not the database's), by the status code it answers with. */
export const storageTexts: Record<string, Say> = {
  '403': (i18n) => i18n._(msg`Your account may not store this file there.`),
  '413': (i18n) => i18n._(msg`The file is too large.`),
  '415': (i18n) => i18n._(msg`This kind of file is not accepted.`),
}
