import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { showToast } from '@/stores/toast-store'

const title = msg`In construction`
const description = msg`This feature is not available yet. We are working on it.`

/** SPEC §8: what unimplemented features (newsletter, photo upload, admin placeholders) say. */
export function showInConstruction(i18n: I18n) {
  showToast({ title: i18n._(title), description: i18n._(description) })
}
