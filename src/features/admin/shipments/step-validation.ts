import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { compare, decimal, floor, plus, times, type Decimal } from '@/business-rules/decimal'
import type { Rates } from '@/business-rules/rates'
import { collectErrors, lengthError, requiredError, typedDecimal, type FieldErrors } from '@/components/form-validation'
import { stepLimits } from '@/components/shipment-step-limits'
import type { ShipmentStepDetails } from '@/local-db/db'

const centimetresPerInch = decimal('2.54')
const zero = decimal(0)

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

const [minTracking, maxTracking] = stepLimits.tracking
const trackingPattern = new RegExp(`^[A-Za-z0-9-]{${minTracking},${maxTracking}}$`)

/**
 * advance_shipment's rules for the box (shipment_box_input, supabase/migrations), with the limits of
 * the current rates, in exact decimals as the database compares them; tests/db/shipment-limits.test.ts
 * holds the two equal.
 */
export function validateBox(form: BoxForm, rates: Rates): FieldErrors<keyof BoxForm | 'size'> {
  const positive = (value: Decimal | null): value is Decimal => value !== null && compare(value, zero) > 0
  const weight = typedDecimal(form.weight_kg, 2)
  const sides = [form.length_cm, form.width_cm, form.height_cm].map((typed) => typedDecimal(typed, 1))
  const side = (typed: string, value: Decimal | null) => requiredError(typed) ?? (positive(value) ? undefined : msg`More than 0 cm, with at most 1 decimal.`)
  const maxWeight = rates.max_weight_kg
  const maxSize = times(decimal(rates.max_linear_in), centimetresPerInch)
  // Sides have one decimal, so this is the greatest size allowed.
  const max = Number(floor(times(maxSize, decimal(10)))) / 10
  const size = sides.every(positive) ? sides.reduce(plus) : null
  return collectErrors({
    weight_kg: requiredError(form.weight_kg) ?? (positive(weight) && compare(weight, decimal(maxWeight)) <= 0 ? undefined : msg`More than 0 and at most ${maxWeight} kg, with at most 2 decimals.`),
    length_cm: side(form.length_cm, sides[0]!),
    width_cm: side(form.width_cm, sides[1]!),
    height_cm: side(form.height_cm, sides[2]!),
    size: size && compare(size, maxSize) > 0 ? msg`Length + width + height must be at most ${max} cm.` : undefined,
  } satisfies Record<keyof BoxForm | 'size', MessageDescriptor | undefined>)
}

/** The tracking number as it is sent and checked: trimmed, its letters a–z in upper case (no other letter passes). */
const outboundTracking = (typed: string) => typed.trim().replace(/[a-z]+/g, (letters) => letters.toUpperCase())

export function validateDispatch(form: DispatchForm): FieldErrors<keyof DispatchForm> {
  const carrier = form.carrier.trim()
  const tracking = outboundTracking(form.tracking)
  return collectErrors({
    carrier: requiredError(carrier) ?? lengthError(carrier, stepLimits.carrier),
    tracking: requiredError(tracking) ?? (trackingPattern.test(tracking) ? undefined : msg`${minTracking} to ${maxTracking} letters, digits or -.`),
  })
}

/** advance_shipment's rule for weighing a box again: a reason the customer reads, 1 to 500 characters. */
export function validateReweigh(form: ReweighForm): FieldErrors<keyof ReweighForm> {
  const reason = form.reason.trim()
  return collectErrors({ reason: requiredError(reason) ?? lengthError(reason, stepLimits.reason) })
}

export const reweighDetails = (form: ReweighForm): ShipmentStepDetails => ({ reason: form.reason.trim() })

export const boxDetails = (form: BoxForm): ShipmentStepDetails => ({
  weight_kg: Number(form.weight_kg.trim()),
  length_cm: Number(form.length_cm.trim()),
  width_cm: Number(form.width_cm.trim()),
  height_cm: Number(form.height_cm.trim()),
})

export const dispatchDetails = (form: DispatchForm): ShipmentStepDetails => ({ carrier: form.carrier.trim(), tracking: outboundTracking(form.tracking) })
