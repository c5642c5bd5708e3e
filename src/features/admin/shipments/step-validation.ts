import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { compare, decimal, floor, plus, times } from '@/business-rules/decimal'
import type { Rates } from '@/business-rules/rates'
import { collectErrors, requiredError, type FieldErrors } from '@/components/form-validation'
import type { ShipmentStepDetails } from '@/local-db/db'

const centimetresPerInch = decimal('2.54')

export interface BoxForm {
  weight_kg: string
  length_cm: string
  width_cm: string
  height_cm: string
}
export interface DispatchForm {
  carrier: string
  tracking: string
}
export interface ReweighForm {
  reason: string
}

export const reasonMaxLength = 500

/** Whether `value` is a plain decimal number with at most `places` decimals, as the database reads its value: "1.50" has one. */
const hasDecimals = (value: string, places: number) => /^\d+(\.\d+)?$/.test(value) && (value.split('.')[1] ?? '').replace(/0+$/, '').length <= places

/**
 * advance_shipment's rules for the box (shipment_box_input, supabase/migrations), with the limits of
 * the current rates, in exact decimals as the database compares them; tests/db/shipment-limits.test.ts
 * holds the two equal.
 */
export function validateBox(form: BoxForm, rates: Rates): FieldErrors<keyof BoxForm | 'size'> {
  const weight = form.weight_kg.trim()
  const side = (value: string) => requiredError(value) ?? (hasDecimals(value.trim(), 1) && Number(value) > 0 ? undefined : msg`More than 0 cm, with at most 1 decimal.`)
  const sides = [form.length_cm, form.width_cm, form.height_cm]
  const maxWeight = rates.max_weight_kg
  const maxSize = times(decimal(rates.max_linear_in), centimetresPerInch)
  // Sides have one decimal, so this is the greatest size allowed.
  const max = Number(floor(times(maxSize, decimal(10)))) / 10
  const sidesValid = sides.every((value) => !side(value))
  const size = sidesValid ? sides.map((value) => decimal(value.trim())).reduce(plus) : null
  return collectErrors({
    weight_kg:
      requiredError(weight) ?? (hasDecimals(weight, 2) && Number(weight) > 0 && compare(decimal(weight), decimal(maxWeight)) <= 0 ? undefined : msg`More than 0 and at most ${maxWeight} kg, with at most 2 decimals.`),
    length_cm: side(form.length_cm),
    width_cm: side(form.width_cm),
    height_cm: side(form.height_cm),
    size: size && compare(size, maxSize) > 0 ? msg`Length + width + height must be at most ${max} cm.` : undefined,
  } satisfies Record<keyof BoxForm | 'size', MessageDescriptor | undefined>)
}

export function validateDispatch(form: DispatchForm): FieldErrors<keyof DispatchForm> {
  const carrier = form.carrier.trim()
  const tracking = form.tracking.trim()
  return collectErrors({
    carrier: requiredError(carrier) ?? (carrier.length > 60 ? msg`At most 60 characters.` : undefined),
    tracking: requiredError(tracking) ?? (/^[A-Za-z0-9-]{4,60}$/.test(tracking) ? undefined : msg`4 to 60 letters, digits or -.`),
  })
}

/** advance_shipment's rule for weighing a box again: a reason the customer reads, 1 to 500 characters. */
export function validateReweigh(form: ReweighForm): FieldErrors<keyof ReweighForm> {
  const reason = form.reason.trim()
  return collectErrors({ reason: requiredError(reason) ?? (reason.length > reasonMaxLength ? msg`At most ${reasonMaxLength} characters.` : undefined) })
}

export const reweighDetails = (form: ReweighForm): ShipmentStepDetails => ({ reason: form.reason.trim() })

export const boxDetails = (form: BoxForm): ShipmentStepDetails => ({
  weight_kg: Number(form.weight_kg.trim()),
  length_cm: Number(form.length_cm.trim()),
  width_cm: Number(form.width_cm.trim()),
  height_cm: Number(form.height_cm.trim()),
})

export const dispatchDetails = (form: DispatchForm): ShipmentStepDetails => ({ carrier: form.carrier.trim(), tracking: form.tracking.trim().toUpperCase() })
