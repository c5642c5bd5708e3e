import { beforeEach, describe, expect, it } from 'vitest'
import { db } from './db'
import { readOpenPrealert } from './queries'
import type { PrealertRow } from './rows'
import { NotOwnerError, releaseOwnership, takeOwnership } from './owner'
import { clearLocalData } from './wipe'
import { applyPulledPrealerts, readSyncState } from './writes'

const prealert = (id: string, changes: Partial<PrealertRow> = {}): PrealertRow => ({
  id,
  user_id: 'u1',
  tracking_code: '1Z999AA10123456784',
  store: 'Amazon',
  description: 'Headphones',
  declared_value_usd: '59.90',
  expected_on: null,
  state: 'announced',
  package_id: null,
  version: 1,
  created_at: '2026-11-23T10:00:00Z',
  updated_at: '2026-11-23T10:00:00Z',
  ...changes,
})

beforeEach(() => clearLocalData())

describe('pulled prealerts', () => {
  it('are stored with their checkpoint, and a later page updates a row in place', async () => {
    const u1 = await takeOwnership('u1')
    await applyPulledPrealerts('prealerts', u1, [prealert('a')], '10:a')
    await applyPulledPrealerts('prealerts', u1, [prealert('a', { state: 'received', package_id: 'p1', version: 2 })], '11:a')
    expect(await db.prealerts.toArray()).toEqual([prealert('a', { state: 'received', package_id: 'p1', version: 2 })])
    expect(await readSyncState('prealerts', 'u1')).toMatchObject({ checkpoint: '11:a' })
  })

  it('belong to one user: another user’s session starts from nothing, and a page still on its way for the first is dropped', async () => {
    const u1 = await takeOwnership('u1')
    await applyPulledPrealerts('prealerts', u1, [prealert('a')], '10:a')
    const u2 = await takeOwnership('u2')
    expect(await db.prealerts.count()).toBe(0)
    await expect(applyPulledPrealerts('prealerts', u1, [prealert('late')], '11:late')).rejects.toThrow(NotOwnerError)
    await applyPulledPrealerts('prealerts', u2, [prealert('b', { user_id: 'u2' })], '12:b')
    expect((await db.prealerts.toArray()).map((row) => row.id)).toEqual(['b'])
    expect(await readSyncState('prealerts', 'u2')).toMatchObject({ checkpoint: '12:b' })
  })

  it('leave with the read model, and nothing arriving later for that session lands', async () => {
    const u1 = await takeOwnership('u1')
    await applyPulledPrealerts('prealerts', u1, [prealert('a')], '10:a')
    await releaseOwnership({ discardWork: true })
    expect(await db.prealerts.count()).toBe(0)
    await expect(applyPulledPrealerts('prealerts', u1, [prealert('b')], '11:b')).rejects.toThrow(NotOwnerError)
    expect(await db.prealerts.count()).toBe(0)
    expect(await readSyncState('prealerts', 'u1')).toBeNull()
  })
})

describe('the open prealert of a tracking code', () => {
  it('is the announced one; received and cancelled ones do not match', async () => {
    await applyPulledPrealerts('prealerts', await takeOwnership('admin'), [prealert('old', { state: 'cancelled' }), prealert('done', { state: 'received' }), prealert('open', { user_id: 'u2' })], '10:x')
    expect(await readOpenPrealert('1Z999AA10123456784')).toMatchObject({ id: 'open', user_id: 'u2' })
    expect(await readOpenPrealert('OTHER123')).toBeNull()
    expect(await readOpenPrealert('')).toBeNull()
  })
})
