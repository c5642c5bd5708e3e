import { msg } from '@lingui/core/macro'
import { text, type Say } from './say'

/** Refusals of the admin's other tools and of account settings: reports, rates, history, profiles, push, mail. */
export const adminTexts: Record<string, Say> = {
  report_range_needed: (i18n) => i18n._(msg`Choose the first and the last day of the report.`),
  report_range_reversed: (i18n) => i18n._(msg`The first day of the report comes after its last day.`),
  report_too_long: (i18n, detail) => {
    const days = text(detail, 'max_days')
    return i18n._(msg`A report covers at most ${days} days.`)
  },
  bad_rate: (i18n) => i18n._(msg`A rate is out of its range: check every value.`),
  unknown_plan: (i18n, detail) => {
    const plan = text(detail, 'plan')
    return i18n._(msg`The plan ${plan} has no price per pound.`)
  },
  history_query_short: (i18n, detail) => {
    const min = text(detail, 'min')
    return i18n._(msg`Type at least ${min} characters to search the history.`)
  },
  bad_history_cursor: (i18n) => i18n._(msg`The history could not go on from where it was: search again.`),
  profile_field_locked: (i18n) => i18n._(msg`This part of the account cannot be changed here.`),
  own_admin_role: (i18n) => i18n._(msg`You cannot remove your own admin role.`),
  audit_log_append_only: (i18n) => i18n._(msg`The audit log is never changed nor deleted.`),
  receipt_always_mailed: (i18n) => i18n._(msg`Receipts are always emailed: they cannot be turned off.`),
  unknown_notification_kind: (i18n) => i18n._(msg`The server does not know one of the kinds chosen. Discard the change and choose again.`),
  mail_not_failed: (i18n) => i18n._(msg`This mail is no longer failed: it is being sent, or was. Reload the list.`),
  mail_address_suppressed: (i18n) => i18n._(msg`This address no longer takes mail: lift its suppression first.`),
  mail_suppression_not_found: (i18n) => i18n._(msg`This suppression no longer exists. Reload the list.`),
  aal2_required: (i18n) => i18n._(msg`Confirm with your code from your authenticator app to do this.`),
  not_staff_member: (i18n) => i18n._(msg`Only a staff member's two-step verification can be reset.`),
  push_endpoint_taken: (i18n) => i18n._(msg`The notifications of this browser could not be set up: turn them off and on again.`),
}
