import { describe, expect, it } from 'vitest'
import { reweighDetails, validateReweigh } from './step-validation'

describe('weighing a box again', () => {
  it('needs a reason of 1 to 500 characters, as advance_shipment does', () => {
    expect(validateReweigh({ reason: '   ' }).reason).toBeDefined()
    expect(validateReweigh({ reason: 'x'.repeat(501) }).reason).toBeDefined()
    expect(validateReweigh({ reason: ` ${'x'.repeat(500)} ` })).toEqual({})
  })

  it('sends the reason trimmed', () => {
    expect(reweighDetails({ reason: '  The scale was off  ' })).toEqual({ reason: 'The scale was off' })
  })
})
