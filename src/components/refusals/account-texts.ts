import { msg, plural } from '@lingui/core/macro'
import { text, usd, type Say } from './say'

/** Refusals of the customer's own account: closing it (close_account, the delete-account Edge Function), and a closed account's locker. */
export const accountTexts: Record<string, Say> = {
  account_not_closable: (i18n, detail) => {
    const reasons: string[] = []
    const packages = Number(detail.packages ?? 0)
    const shipments = Number(detail.shipments ?? 0)
    const owed = usd(detail, 'owed_cents')
    if (packages > 0) reasons.push(i18n._(msg`${plural(packages, { one: '# package is', other: '# packages are' })} waiting at the warehouse`))
    if (shipments > 0) reasons.push(i18n._(msg`${plural(shipments, { one: '# shipment is', other: '# shipments are' })} still open`))
    if (owed) reasons.push(i18n._(msg`you owe ${owed}`))
    return i18n._(msg`Your account cannot be deleted yet: ${reasons.join('; ')}.`)
  },
  account_closed: (i18n, detail) => {
    const locker = text(detail, 'locker')
    return i18n._(msg`The customer of locker ${locker} closed their account: it takes no more packages.`)
  },
  account_is_staff: (i18n) => i18n._(msg`A staff account is closed by a manager, not from the account itself.`),
  account_not_found: (i18n) => i18n._(msg`This account no longer exists.`),
  password_required: (i18n) => i18n._(msg`Type your password to confirm.`),
  wrong_password: (i18n) => i18n._(msg`That is not your password. Type it again.`),
  too_many_attempts: (i18n) => i18n._(msg`Too many attempts. Wait a minute and try again.`),
  service_unavailable: (i18n) => i18n._(msg`The service did not answer. Try again in a moment.`),
}
