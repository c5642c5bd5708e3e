import { describe, expect, it } from 'vitest'
import { isStorageEnding, storageDaysLeft } from './storage'

const at = (iso: string) => new Date(iso)
const waiting = (arrived: string, status = 'recibido') => ({ status, created_at: arrived, events: [] })

describe('free storage days left', () => {
  it.each([
    ['basic', 30],
    ['standard', 45],
    ['premium', 60],
  ] as const)('%s: %i days from arrival', (plan, days) => {
    expect(storageDaysLeft(waiting('2026-03-01T15:00:00-05:00'), { plan }, at('2026-03-01T09:00:00-05:00'))).toBe(days)
    expect(storageDaysLeft(waiting('2026-03-01T15:00:00-05:00'), { plan }, at('2026-03-02T23:59:00-05:00'))).toBe(days - 1)
  })

  it('counts calendar days, whatever the hour, and goes negative once storage has ended', () => {
    const pkg = waiting('2026-01-10T23:30:00-05:00')
    expect(storageDaysLeft(pkg, { plan: 'basic' }, at('2026-02-08T00:01:00-05:00'))).toBe(1)
    expect(storageDaysLeft(pkg, { plan: 'basic' }, at('2026-02-09T12:00:00-05:00'))).toBe(0)
    expect(storageDaysLeft(pkg, { plan: 'basic' }, at('2026-02-12T12:00:00-05:00'))).toBe(-3)
  })

  it('is not thrown off by a daylight-saving change in between', () => {
    expect(storageDaysLeft(waiting('2026-03-01T12:00:00-05:00'), { plan: 'basic' }, at('2026-03-20T12:00:00-04:00'))).toBe(11)
    expect(storageDaysLeft(waiting('2026-10-20T12:00:00-04:00'), { plan: 'basic' }, at('2026-11-10T12:00:00-05:00'))).toBe(9)
  })

  it('counts Miami calendar days, not the device\'s: a package received at 21:00 in Miami arrived that day', () => {
    // 21:00 in Miami is 03:00 the next day in Madrid, where the device's own calendar would start a day late.
    const pkg = waiting('2026-03-02T02:00:00Z')
    expect(storageDaysLeft(pkg, { plan: 'basic' }, at('2026-03-31T05:30:00Z'))).toBe(0)
    expect(storageDaysLeft(pkg, { plan: 'basic' }, at('2026-03-30T23:30:00Z'))).toBe(1)
  })

  it('starts at the first "received" status when the history has one', () => {
    const pkg = { status: 'disponible', created_at: '2026-03-01T10:00:00-05:00', events: [{ status: 'recibido', changed_at: '2026-03-05T10:00:00-05:00' }, { status: 'disponible', changed_at: '2026-03-06T10:00:00-05:00' }] }
    expect(storageDaysLeft(pkg, { plan: 'basic' }, at('2026-03-05T18:00:00-05:00'))).toBe(30)
  })

  it.each(['consolidacion', 'transito', 'aduana', 'entregado'])('does not count for a package that is %s', (status) => {
    expect(storageDaysLeft(waiting('2026-03-01T10:00:00-05:00', status), { plan: 'basic' }, at('2026-05-01T10:00:00-04:00'))).toBeNull()
  })

  it.each(['requested', 'processing'])('does not count for a waiting package leaving in a %s shipment, and counts again once it is not', (shipmentStatus) => {
    const pkg = waiting('2026-03-01T10:00:00-05:00')
    const now = at('2026-03-25T10:00:00-04:00')
    expect(storageDaysLeft(pkg, { plan: 'basic', shipmentStatus }, now)).toBeNull()
    expect(storageDaysLeft(pkg, { plan: 'basic', shipmentStatus: 'cancelled' }, now)).toBe(6)
    expect(storageDaysLeft(pkg, {}, now)).toBe(6)
  })

  it('warns in the last five days and after', () => {
    expect([null, 6, 5, 0, -2].map(isStorageEnding)).toEqual([false, false, true, true, true])
  })
})
