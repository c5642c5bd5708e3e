import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { compare, decimal, parseDecimal, roundHalfAwayFromZero, times } from '@/business-rules/decimal'
import { atMostCharacters, characterCount, collectErrors, isBetween, lengthError, requiredError, typedDecimal, type FieldErrors } from '@/components/form-validation'
import type { ShipmentRequest } from '@/local-db/db'
import type { ShipmentAddress, ShipmentOptions, ShipmentService } from '@/local-db/rows'

/**
 * What request_shipment accepts (shipment_package_ids_input, shipment_items_input and
 * shipment_address_input in supabase/migrations), text counted in characters as the database counts
 * them; tests/db/shipment-limits.test.ts holds the two equal.
 */
export const shipmentLimits = {
  packages: 20,
  items: 50,
  description: 200,
  quantity: 999,
  unitValueUsd: 50000,
  address: {
    name: [1, 120],
    address: [1, 200],
    city: [1, 80],
    postal_code: [0, 20],
    country: [2, 60],
    phone: [5, 30],
    id_number: [0, 30],
  } satisfies Record<keyof ShipmentAddress, [min: number, max: number]>,
} as const

const { packages: maxPackages, items: maxItems, quantity: maxQuantity, unitValueUsd: maxUnitValueUsd } = shipmentLimits

export const shipmentMessages = {
  noPackages: msg`Choose at least one package.`,
  tooManyPackages: msg`Choose at most ${maxPackages} packages.`,
  noItems: msg`Declare at least one item.`,
  tooManyItems: msg`Declare at most ${maxItems} items.`,
  quantity: msg`A whole number from 1 to ${maxQuantity}.`,
  unitValue: msg`An amount from 0 to ${plural(maxUnitValueUsd, { other: '# USD' })}, with at most 2 decimals.`,
  phone: msg`Use digits, spaces and + ( ) - only, at least 5.`,
  country: msg`At least 2 characters.`,
} satisfies Record<string, MessageDescriptor>

export type AddressForm = Record<keyof ShipmentAddress, string>
export interface ItemForm {
  /** Keeps a line's identity while lines are added and removed. */
  key: string
  description: string
  quantity: string
  unit_value_usd: string
}
export interface ShipmentRequestForm {
  package_ids: string[]
  service: ShipmentService
  options: ShipmentOptions
  items: ItemForm[]
  address: AddressForm
}

type ItemField = 'description' | 'quantity' | 'unit_value_usd'
export interface ShipmentRequestErrors {
  packages?: MessageDescriptor
  items?: MessageDescriptor
  /** By the line's key. */
  item: Record<string, FieldErrors<ItemField>>
  address: FieldErrors<keyof ShipmentAddress>
}

function itemErrors(item: ItemForm): FieldErrors<ItemField> {
  const quantity = item.quantity.trim()
  const value = item.unit_value_usd.trim()
  return collectErrors({
    description: requiredError(item.description) ?? lengthError(item.description, shipmentLimits.description),
    quantity: requiredError(quantity) ?? (isBetween(typedDecimal(quantity, 0), 1, shipmentLimits.quantity) ? undefined : shipmentMessages.quantity),
    unit_value_usd: requiredError(value) ?? (isBetween(typedDecimal(value, 2), 0, shipmentLimits.unitValueUsd) ? undefined : shipmentMessages.unitValue),
  })
}

function addressError(field: keyof ShipmentAddress, typed: string): MessageDescriptor | undefined {
  const value = typed.trim()
  const length = characterCount(value)
  const [min, max] = shipmentLimits.address[field]
  if (min > 0 && !value) return requiredError(value)
  if (length > max) return atMostCharacters(max)
  if (field === 'phone') return /^[0-9 ()+-]+$/.test(value) && length >= min ? undefined : shipmentMessages.phone
  return length < min ? shipmentMessages.country : undefined
}

export function validateShipmentRequest(form: ShipmentRequestForm): ShipmentRequestErrors {
  const item: ShipmentRequestErrors['item'] = {}
  for (const line of form.items) {
    const errors = itemErrors(line)
    if (Object.keys(errors).length > 0) item[line.key] = errors
  }
  const address = collectErrors(Object.fromEntries((Object.keys(shipmentLimits.address) as (keyof ShipmentAddress)[]).map((field) => [field, addressError(field, form.address[field])])) as Record<keyof ShipmentAddress, MessageDescriptor | undefined>)
  return {
    packages: form.package_ids.length === 0 ? shipmentMessages.noPackages : form.package_ids.length > shipmentLimits.packages ? shipmentMessages.tooManyPackages : undefined,
    items: form.items.length === 0 ? shipmentMessages.noItems : form.items.length > shipmentLimits.items ? shipmentMessages.tooManyItems : undefined,
    item,
    address,
  }
}

export const hasErrors = (errors: ShipmentRequestErrors) => Boolean(errors.packages || errors.items || Object.keys(errors.item).length || Object.keys(errors.address).length)

const [zero, hundred] = [decimal(0), decimal(100)]

/**
 * The declared total in cents of the lines that are valid so far (the estimate's insurance follows it
 * as the customer types), exactly as request_shipment sums it: each unit value rounded to the cent,
 * times its quantity.
 */
export function declaredTotalCents(items: readonly ItemForm[]): number {
  let total = 0n
  for (const item of items) {
    const [quantity, value] = [parseDecimal(item.quantity), parseDecimal(item.unit_value_usd)]
    if (!quantity || !value || compare(quantity, zero) <= 0 || compare(value, zero) < 0) continue
    const unitCents = roundHalfAwayFromZero(times(value, hundred))
    total += roundHalfAwayFromZero(times(quantity, { units: unitCents, scale: 0 }))
  }
  return Number(total)
}

/** What is queued: text trimmed, numbers as numbers. */
export function shipmentRequestOf(form: ShipmentRequestForm): ShipmentRequest {
  return {
    package_ids: form.package_ids,
    service: form.service,
    options: form.options,
    items: form.items.map((item) => ({ description: item.description.trim(), quantity: Number(item.quantity.trim()), unit_value_usd: Number(item.unit_value_usd.trim()) })),
    address: Object.fromEntries(Object.entries(form.address).map(([field, value]) => [field, value.trim()])) as unknown as ShipmentAddress,
  }
}
