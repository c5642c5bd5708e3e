import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { stepLimits } from '@/components/shipment-step-limits'
import { dateTime, statusName, text, type Say } from './say'

const [minTracking, maxTracking] = stepLimits.tracking

/** The delivery address's fields as a sentence names them (the refusal's `field`). */
const addressFieldNames: Record<string, MessageDescriptor> = {
  name: msg`the recipient`,
  address: msg`the street address`,
  city: msg`the city`,
  postal_code: msg`the postal code`,
  country: msg`the country`,
  phone: msg`the phone`,
  id_number: msg`the ID number`,
}

/** Refusals of request_shipment, cancel_shipment, approve_shipment, advance_shipment and set_shipment_packages. */
export const shipmentTexts: Record<string, Say> = {
  customer_approves_only: (i18n) => i18n._(msg`Only the customer can approve the final charge of their shipment.`),
  shipment_not_found: (i18n) => i18n._(msg`This shipment no longer exists.`),
  shipment_exists: (i18n) => i18n._(msg`This shipment was already requested.`),
  package_in_shipment: (i18n, detail) => {
    const code = text(detail, 'code')
    return i18n._(msg`Package ${code} is already in another shipment.`)
  },
  package_not_at_warehouse: (i18n, detail) => {
    const code = text(detail, 'code')
    return i18n._(msg`Package ${code} is no longer at the warehouse.`)
  },
  package_count: (i18n, detail) => {
    const [min, max] = [text(detail, 'min'), text(detail, 'max')]
    return i18n._(msg`Choose ${min} to ${max} packages.`)
  },
  item_count: (i18n, detail) => {
    const [min, max] = [text(detail, 'min'), text(detail, 'max')]
    return i18n._(msg`The declaration needs ${min} to ${max} items.`)
  },
  item_description_length: (i18n, detail) => {
    const max = text(detail, 'max')
    return i18n._(msg`Each item's description must have 1 to ${max} characters.`)
  },
  item_quantity_range: (i18n, detail) => {
    const max = text(detail, 'max')
    return i18n._(msg`Each item's quantity must be a whole number from 1 to ${max}.`)
  },
  item_value_range: (i18n, detail) => {
    const maxUsd = Number(text(detail, 'max_usd'))
    return i18n._(msg`Each item's unit value must be 0 to ${plural(maxUsd, { other: '# USD' })}, with at most 2 decimals.`)
  },
  address_phone_chars: (i18n) => i18n._(msg`The phone may contain only digits, spaces and + - ( ).`),
  address_field_length: (i18n, detail) => {
    const known = addressFieldNames[text(detail, 'field')]
    const field = known ? i18n._(known) : text(detail, 'field')
    const [min, max] = [text(detail, 'min'), text(detail, 'max')]
    return min ? i18n._(msg`In the delivery address, ${field} must have ${min} to ${max} characters.`) : i18n._(msg`In the delivery address, ${field} must have at most ${max} characters.`)
  },
  shipment_not_cancellable: (i18n, detail) => {
    const status = statusName(i18n, text(detail, 'status'))
    return i18n._(msg`This shipment can no longer be cancelled: it is ${status}.`)
  },
  shipment_not_approvable: (i18n, detail) => {
    const status = statusName(i18n, text(detail, 'status'))
    return i18n._(msg`This shipment cannot be approved now: it is ${status}.`)
  },
  shipment_packages_locked: (i18n, detail) => {
    const status = statusName(i18n, text(detail, 'status'))
    return i18n._(msg`The packages of this shipment can no longer change: it is ${status}.`)
  },
  shipment_step_not_allowed: (i18n, detail) => {
    const [from, to] = [statusName(i18n, text(detail, 'from')), statusName(i18n, text(detail, 'to'))]
    return i18n._(msg`A shipment that is ${from} cannot become ${to}.`)
  },
  weight_out_of_range: (i18n, detail) => {
    const max = text(detail, 'max_kg')
    return i18n._(msg`The weight must be more than 0 and at most ${max} kg, with at most 2 decimals.`)
  },
  side_out_of_range: (i18n) => i18n._(msg`Each side must be more than 0 cm, with at most 1 decimal.`),
  size_out_of_range: (i18n, detail) => {
    const [max, maxIn] = [text(detail, 'max_cm'), text(detail, 'max_in')]
    return i18n._(msg`Length + width + height must be at most ${max} cm (${maxIn} in).`)
  },
  reweigh_reason_needed: (i18n, detail) => {
    const max = text(detail, 'max')
    return i18n._(msg`Say why the box is weighed again, in 1 to ${max} characters.`)
  },
  carrier_length: (i18n, detail) => {
    const max = text(detail, 'max')
    return i18n._(msg`The carrier must have 1 to ${max} characters.`)
  },
  // The refusal carries no numbers: the desk's limits are the database's (tests/db/shipment-limits.test.ts).
  dispatch_tracking_invalid: (i18n) => i18n._(msg`The tracking number must have ${minTracking} to ${maxTracking} characters: letters, digits and -.`),
  /**
   * packages_hold_in_open_shipment: a package's own status change or deletion while its shipment is
   * open. The shipment is named as its page names it, by the day it was asked for.
   */
  package_in_open_shipment: (i18n, detail) => {
    const [code, shipment, status] = [text(detail, 'code'), dateTime(i18n, text(detail, 'requested_at')), statusName(i18n, text(detail, 'status'))]
    return i18n._(msg`Package ${code} is in the shipment of ${shipment}, which is ${status}: its status changes with the shipment's steps, and it cannot be deleted until the shipment is cancelled or sent.`)
  },
}
