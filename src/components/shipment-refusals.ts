import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { formatDateTime } from '@/i18n/format'
import { defaultLang, isLang } from '@/i18n/locales'
import { shipmentStatuses, type ShipmentStatus } from '@/local-db/rows'
import { shipmentStatusLabels } from './shipment-status'

const isStatus = (value: string): value is ShipmentStatus => (shipmentStatuses as readonly string[]).includes(value)

/**
 * Why the server refused a shipment change (request_shipment, cancel_shipment, approve_shipment,
 * advance_shipment, set_shipment_packages in supabase/migrations), in the reader's language. Forms catch most of these
 * before a change is queued; the server has the last word (another device, a stale copy, a role
 * taken away). Anything unknown is shown as the server said it.
 */
type Say = (i18n: I18n, match: RegExpMatchArray) => string

/**
 * packages_hold_in_open_shipment's refusal (20261201130000_correctable_shipments): a package's own
 * status change or deletion while its shipment is open. The shipment is named as its page names it,
 * by the day it was asked for.
 */
const heldPackage: [RegExp, Say] = [
  /^package (.+) is in shipment \S+ of (\S+), which is (\w+): it changes with the shipment$/,
  (i18n, [, code = '', requestedAt = '', statusCode = '']) => {
    const shipment = formatDateTime(requestedAt, isLang(i18n.locale) ? i18n.locale : defaultLang)
    const status = statusName(i18n, statusCode)
    return i18n._(msg`Package ${code} is in the shipment of ${shipment}, which is ${status}: its status changes with the shipment's steps, and it cannot be deleted until the shipment is cancelled or sent.`)
  },
]

/** The held package's refusal in the reader's language, or undefined for any other message. */
export function heldPackageRefusal(i18n: I18n, serverMessage: string): string | undefined {
  const match = serverMessage.match(heldPackage[0])
  return match ? heldPackage[1](i18n, match) : undefined
}

const refusals: [RegExp, Say][] = [
  heldPackage,
  [/^permission denied: only admins can advance a shipment$/, (i18n) => i18n._(msg`Your account is no longer an admin: only admins can process shipments.`)],
  [/^permission denied: only the customer approves their shipment$/, (i18n) => i18n._(msg`Only the customer can approve the final charge of their shipment.`)],
  [/^permission denied: sign in to /, (i18n) => i18n._(msg`Your session ended: log in again to send this change.`)],
  [/ahead of the server's clock/, (i18n) => i18n._(msg`This device's date and time are more than 5 minutes ahead of the server's. Correct them in the device's settings, then try again.`)],
  [/^Shipment not found$/, (i18n) => i18n._(msg`This shipment no longer exists.`)],
  [/^shipment \S+ already exists$/, (i18n) => i18n._(msg`This shipment was already requested.`)],
  [/^operation \S+ was already recorded for a different change$/, (i18n) => i18n._(msg`The server already has a different change under this change's id. Discard it and make the change again.`)],
  [/^p_package_ids: package (.+) is already in a shipment$/, (i18n, [, code = '']) => i18n._(msg`Package ${code} is already in another shipment.`)],
  [/^p_package_ids: package (.+) is not at the warehouse$/, (i18n, [, code = '']) => i18n._(msg`Package ${code} is no longer at the warehouse.`)],
  [/^p_package_ids: package \S+ was not found$/, (i18n) => i18n._(msg`One of the packages no longer exists.`)],
  [/^p_package_ids must list 1 to 20 packages$/, (i18n) => i18n._(msg`Choose 1 to 20 packages.`)],
  [/^p_items must be a list of 1 to 50 items$/, (i18n) => i18n._(msg`The declaration needs 1 to 50 items.`)],
  [/\.description must be 1 to 200 characters$/, (i18n) => i18n._(msg`Each item's description must have 1 to 200 characters.`)],
  [/\.quantity must be a whole number from 1 to 999$/, (i18n) => i18n._(msg`Each item's quantity must be a whole number from 1 to 999.`)],
  [/\.unit_value_usd must be 0 to 50000 USD/, (i18n) => i18n._(msg`Each item's unit value must be 0 to 50,000 USD, with at most 2 decimals.`)],
  [/^p_address\.phone may contain only/, (i18n) => i18n._(msg`The phone may contain only digits, spaces and + - ( ).`)],
  [/^p_address\.(\w+) must be/, (i18n) => i18n._(msg`The delivery address is incomplete or too long: check every field.`)],
  [/^a shipment that is (\w+) cannot be cancelled$/, (i18n, [, from = '']) => {
    const status = statusName(i18n, from)
    return i18n._(msg`This shipment can no longer be cancelled: it is ${status}.`)
  }],
  [/^a shipment that is (\w+) cannot be approved$/, (i18n, [, from = '']) => {
    const status = statusName(i18n, from)
    return i18n._(msg`This shipment cannot be approved now: it is ${status}.`)
  }],
  [/^a shipment that is (\w+) cannot change its packages$/, (i18n, [, from = '']) => {
    const status = statusName(i18n, from)
    return i18n._(msg`The packages of this shipment can no longer change: it is ${status}.`)
  }],
  [/^a shipment that is (\w+) cannot become (\w+)$/, (i18n, [, fromCode = '', toCode = '']) => {
    const [from, to] = [statusName(i18n, fromCode), statusName(i18n, toCode)]
    return i18n._(msg`A shipment that is ${from} cannot become ${to}.`)
  }],
  [/^p_details\.weight_kg must be more than 0 and at most ([\d.]+) kg/, (i18n, [, max = '']) => i18n._(msg`The weight must be more than 0 and at most ${max} kg, with at most 2 decimals.`)],
  [/^p_details\.(length|width|height)_cm must be more than 0 cm/, (i18n) => i18n._(msg`Each side must be more than 0 cm, with at most 1 decimal.`)],
  [/^p_details: length_cm \+ width_cm \+ height_cm must be at most ([\d.]+) cm/, (i18n, [, max = '']) => i18n._(msg`Length + width + height must be at most ${max} cm.`)],
  [/^p_details\.reason must be 1 to 500 characters$/, (i18n) => i18n._(msg`Say why the box is weighed again, in 1 to 500 characters.`)],
  [/^p_details\.carrier must be 1 to 60 characters$/, (i18n) => i18n._(msg`The carrier must have 1 to 60 characters.`)],
  [/^p_details\.tracking must be 4 to 60 characters/, (i18n) => i18n._(msg`The tracking number must have 4 to 60 characters: letters, digits and -.`)],
  // What the app's own forms never send: a change that arrives like this was damaged on the way.
  [
    /^p_[\w, ]+ (is|are) required$|must be a JSON object$|must be true or false$|is not an? (option|item field|address field|detail)|^p_(service|status) must be|^p_package_ids must not list|^p_details must be empty/,
    (i18n) => i18n._(msg`This change reached the server incomplete. Discard it and make the change again.`),
  ],
]

function statusName(i18n: I18n, status: string): string {
  return isStatus(status) ? i18n._(shipmentStatusLabels[status]).toLowerCase() : status
}

export function shipmentRefusal(i18n: I18n, serverMessage: string): string {
  for (const [pattern, say] of refusals) {
    const match = serverMessage.match(pattern)
    if (match) return say(i18n, match)
  }
  return serverMessage
}
