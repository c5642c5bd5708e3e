import { describe, expect, it } from 'vitest'
import type { ShipmentEvent, ShipmentStatus } from '@/local-db/rows'
import { reweighReason } from './shipment-reweigh'

const event = (status: ShipmentStatus, reason: string | null = null): ShipmentEvent => ({ status, changed_at: '', recorded_at: '', reason })

describe('reweighReason', () => {
  const reweighed = [event('requested'), event('processing'), event('awaiting_approval'), event('processing', 'The scale was off')]

  it('is the reason while the box is being weighed again', () => {
    expect(reweighReason({ status: 'processing', events: reweighed })).toBe('The scale was off')
  })

  it('is gone once the box is weighed again, and never there on a first weighing', () => {
    expect(reweighReason({ status: 'awaiting_approval', events: [...reweighed, event('awaiting_approval')] })).toBeNull()
    expect(reweighReason({ status: 'processing', events: reweighed.slice(0, 2) })).toBeNull()
  })
})
