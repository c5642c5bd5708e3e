import { describe, expect, it } from 'vitest'
import { declaredTotalCents, hasErrors, shipmentMessages, shipmentRequestOf, validateShipmentRequest, type ShipmentRequestForm } from './shipment-request-validation'
import { atMostCharacters, validationMessages } from '@/components/form-validation'

const valid: ShipmentRequestForm = {
  package_ids: ['p1', 'p2'],
  service: 'standard',
  options: { insurance: true, repack: false, remove_invoices: false, extra_protection: false },
  items: [{ key: 'a', description: ' Running shoes ', quantity: '2', unit_value_usd: '40.5' }],
  address: { name: 'Ana', address: 'Av. Libertador 100', city: 'Caracas', postal_code: '', country: 'Venezuela', phone: '+58 (212) 555-0100', id_number: '' },
}

describe('a shipment request', () => {
  it('is valid as a customer fills it, and is sent trimmed with numbers as numbers', () => {
    expect(hasErrors(validateShipmentRequest(valid))).toBe(false)
    expect(shipmentRequestOf(valid)).toMatchObject({ items: [{ description: 'Running shoes', quantity: 2, unit_value_usd: 40.5 }], address: { postal_code: '' } })
    expect(declaredTotalCents(valid.items)).toBe(8100)
  })

  it('sums the declared total in exact cents, as the database does: each unit value to the cent, times its quantity', () => {
    const line = (quantity: string, unit_value_usd: string) => ({ key: quantity + unit_value_usd, description: 'x', quantity, unit_value_usd })
    // In floating point 3 × 1.005 × 100 is 301.49999999999994, and 0.1 + 0.2 is not 0.3.
    expect(declaredTotalCents([line('3', '1.005')])).toBe(303)
    expect(declaredTotalCents([line('1', '0.1'), line('1', '0.2'), line('999', '50000')])).toBe(30 + 4_995_000_000)
    // Lines not yet valid count for nothing.
    expect(declaredTotalCents([line('', '10'), line('0', '10'), line('2', 'abc'), line('1', '-1'), line('2', '1.25')])).toBe(250)
  })

  it('names every field in error, with the limits the database enforces', () => {
    const errors = validateShipmentRequest({
      ...valid,
      package_ids: [],
      items: [
        { key: 'a', description: '', quantity: '0', unit_value_usd: '1.234' },
        { key: 'b', description: 'x'.repeat(201), quantity: '1000', unit_value_usd: '50000.01' },
        { key: 'c', description: 'Fine', quantity: '1.5', unit_value_usd: '-1' },
      ],
      address: { ...valid.address, name: ' ', country: 'V', phone: '555-CALL', postal_code: '1'.repeat(21) },
    })
    expect(errors.packages).toBe(shipmentMessages.noPackages)
    expect(errors.item).toEqual({
      a: { description: validationMessages.required, quantity: shipmentMessages.quantity, unit_value_usd: shipmentMessages.unitValue },
      b: { description: atMostCharacters(200), quantity: shipmentMessages.quantity, unit_value_usd: shipmentMessages.unitValue },
      c: { quantity: shipmentMessages.quantity, unit_value_usd: shipmentMessages.unitValue },
    })
    expect(errors.address).toEqual({ name: validationMessages.required, country: shipmentMessages.country, phone: shipmentMessages.phone, postal_code: atMostCharacters(20) })
  })

  it('counts a text’s characters as the database does: an emoji is one', () => {
    const line = (description: string) => ({ ...valid, items: [{ ...valid.items[0]!, description }] })
    expect(validateShipmentRequest(line('📦'.repeat(200))).item).toEqual({})
    expect(validateShipmentRequest(line('📦'.repeat(201))).item).toEqual({ a: { description: atMostCharacters(200) } })
    expect(validateShipmentRequest({ ...valid, address: { ...valid.address, city: 'Ciudad 🌴'.padEnd(81, 'x') } }).address).toEqual({})
  })

  it('needs 1 to 50 items and 1 to 20 packages', () => {
    expect(validateShipmentRequest({ ...valid, items: [] }).items).toBe(shipmentMessages.noItems)
    const many = Array.from({ length: 51 }, (_, i) => ({ ...valid.items[0]!, key: String(i) }))
    expect(validateShipmentRequest({ ...valid, items: many }).items).toBe(shipmentMessages.tooManyItems)
    expect(validateShipmentRequest({ ...valid, package_ids: Array.from({ length: 21 }, (_, i) => `p${i}`) }).packages).toBe(shipmentMessages.tooManyPackages)
  })
})
