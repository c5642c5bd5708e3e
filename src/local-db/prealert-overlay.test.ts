import { describe, expect, it } from 'vitest'
import type { PrealertFields, PrealertOp } from './db'
import { withPendingPrealertOps } from './prealert-overlay'
import type { PrealertRow } from './rows'

const fields: PrealertFields = { tracking_code: 'TRACK123', store: 'Amazon', description: 'Shoes', declared_value_usd: 80, expected_on: null }

const row = (id: string, changes: Partial<PrealertRow> = {}): PrealertRow => ({
  id,
  user_id: 'u1',
  ...fields,
  state: 'announced',
  package_id: null,
  version: 1,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...changes,
})

let seq = 0
const op = (prealertId: string, change: { kind: 'save-prealert'; prealert: PrealertFields } | { kind: 'cancel-prealert' }, extra: Partial<PrealertOp> = {}): PrealertOp =>
  ({
    seq: ++seq,
    opId: `op-${seq}`,
    userId: 'u1',
    prealertId,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    createdAt: `2026-11-23T10:00:0${seq % 10}Z`,
    ...change,
    ...extra,
  }) as PrealertOp

describe('withPendingPrealertOps', () => {
  it('shows a prealert only this device has, then its later edits and cancel, in the order they were made', () => {
    const ops = [op('new', { kind: 'save-prealert', prealert: fields }), op('new', { kind: 'save-prealert', prealert: { ...fields, store: 'eBay' } }), op('new', { kind: 'cancel-prealert' })]
    expect(withPendingPrealertOps([], ops.reverse(), 'u1')).toEqual([
      expect.objectContaining({ id: 'new', user_id: 'u1', version: 0, store: 'eBay', state: 'cancelled', pendingOps: 3, refused: null }),
    ])
  })

  it('lays pending edits over the server row and puts the most recently changed first', () => {
    const shown = withPendingPrealertOps([row('old'), row('edited')], [op('edited', { kind: 'save-prealert', prealert: { ...fields, description: 'Boots' } })], 'u1')
    expect(shown.map((prealert) => [prealert.id, prealert.description, prealert.version, prealert.pendingOps])).toEqual([
      ['edited', 'Boots', 1, 1],
      ['old', 'Shoes', 1, 0],
    ])
  })

  it('does not apply a refused change, but keeps it on the row, a refused first save included', () => {
    const refusedCancel = op('kept', { kind: 'cancel-prealert' }, { state: 'failed', lastError: 'This prealert can no longer be changed' })
    const refusedNew = op('never', { kind: 'save-prealert', prealert: fields }, { state: 'failed', lastError: 'A package with this tracking number is already announced' })
    const shown = withPendingPrealertOps([row('kept', { state: 'received' })], [refusedCancel, refusedNew], 'u1')
    expect(shown.find((prealert) => prealert.id === 'kept')).toMatchObject({ state: 'received', pendingOps: 0, refused: refusedCancel })
    expect(shown.find((prealert) => prealert.id === 'never')).toMatchObject({ version: 0, state: 'announced', refused: refusedNew })
  })

  it('ignores a cancel of a prealert it does not know', () => {
    expect(withPendingPrealertOps([], [op('gone', { kind: 'cancel-prealert' })], 'u1')).toEqual([])
  })
})
