import { describe, expect, it } from 'vitest'
import type { LocalPackage, QueuedOp } from './db'
import { serverRowOf, withPendingOps } from './overlay'

const server = { id: 'p1', user_id: 'u1', locker_code: 'MIA100001', tracking_code: 'T1', status: 'recibido', weight_kg: 1, volume_m3: 0.01, meta: null, public_token: 't', version: 3, created_at: '', updated_at: '', events: [] }

let seq = 0
const op = (status: 'transito' | 'aduana' | 'entregado', state: QueuedOp['state'] = 'pending', packageId = 'p1'): QueuedOp => ({
  seq: ++seq,
  opId: `op-${seq}`,
  userId: 'admin',
  packageId,
  baseVersion: 3,
  state,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  createdAt: '',
  kind: 'set-status',
  status,
})

describe('the local row: the server row with this device’s pending changes on top', () => {
  it('shows the last pending status and remembers the server’s', () => {
    expect(withPendingOps(server, [op('transito'), op('aduana')])).toMatchObject({ status: 'aduana', serverStatus: 'recibido', version: 3 })
  })

  it('ignores conflicts, refusals and other packages’ changes', () => {
    const row = withPendingOps(server, [op('transito', 'conflict'), op('entregado', 'failed'), op('aduana', 'pending', 'p2')])
    expect(row.status).toBe('recibido')
    expect(row).not.toHaveProperty('serverStatus')
  })

  it('gives back the server row exactly, whatever was on top', () => {
    const local: LocalPackage = withPendingOps(server, [op('entregado')])
    expect(serverRowOf(local)).toEqual(server)
    expect(serverRowOf(server)).toEqual(server)
  })
})
