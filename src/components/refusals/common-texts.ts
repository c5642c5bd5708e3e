import { msg } from '@lingui/core/macro'
import type { Say } from './say'

/** Refusals any change may meet, whatever it is about. */
export const commonTexts: Record<string, Say> = {
  admins_only: (i18n) => i18n._(msg`Only a manager (admin) can do this, and your account is not a manager's.`),
  staff_only: (i18n) => i18n._(msg`Your account is no longer staff: only the warehouse staff can do this.`),
  not_signed_in: (i18n) => i18n._(msg`Your session ended: log in again to send this change.`),
  clock_ahead: (i18n) =>
    i18n._(msg`This device's date and time are more than 5 minutes ahead of the server's. Correct them in the device's settings, then try again.`),
  op_reused: (i18n) => i18n._(msg`The server already has a different change under this change's id. Discard it and make the change again.`),
  // What the app's own screens never send: a change that arrives like this was damaged on the way.
  bad_request: (i18n) => i18n._(msg`This change reached the server incomplete. Discard it and make the change again.`),
  missing_id: (i18n) => i18n._(msg`This change reached the server incomplete. Discard it and make the change again.`),
  too_large: (i18n) => i18n._(msg`This change is too large for the server. Discard it and make it again in smaller parts.`),
}
