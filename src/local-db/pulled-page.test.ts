import { beforeEach, describe, expect, it } from 'vitest'
import { db } from './db'
import { NotOwnerError, releaseOwnership, takeOwnership } from './owner'
import { putInSteps, writePulledPage } from './pulled-page'
import type { PrealertRow } from './rows'
import { clearLocalData } from './wipe'

const prealert = (n: number): PrealertRow => ({
  id: `p${String(n).padStart(5, '0')}`,
  user_id: 'u1',
  tracking_code: `T${n}`,
  store: 'Amazon',
  description: 'Zapatos',
  declared_value_usd: '10.00',
  expected_on: null,
  state: 'announced',
  package_id: null,
  version: 1,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
})
const page = Array.from({ length: 1001 }, (_, n) => prealert(n))

beforeEach(() => clearLocalData())

describe('a pulled page', () => {
  it('is written whole with its checkpoint, in steps', async () => {
    const owner = await takeOwnership('u1')
    await writePulledPage('prealerts', owner, 'cp-1', () => putInSteps(db.prealerts, page), [db.prealerts])
    expect(await db.prealerts.count()).toBe(1001)
    expect((await db.prealerts.get('p01000'))?.tracking_code).toBe('T1000')
    expect(await db.syncState.get('prealerts')).toMatchObject({ userId: 'u1', checkpoint: 'cp-1' })
  })

  it('writes nothing, not even the steps already asked for, once its session has ended', async () => {
    const owner = await takeOwnership('u1')
    await releaseOwnership({ discardWork: true })
    await expect(writePulledPage('prealerts', owner, 'cp-1', () => putInSteps(db.prealerts, page), [db.prealerts])).rejects.toThrow(NotOwnerError)
    expect(await db.prealerts.count()).toBe(0)
    expect(await db.syncState.count()).toBe(0)
  })

  it('writes nothing when one step fails, and says why', async () => {
    const owner = await takeOwnership('u1')
    // A row without its key fails its step; the steps around it are in flight meanwhile.
    const broken = page.map((row, n) => (n === 450 ? { ...row, id: undefined as unknown as string } : row))
    await expect(writePulledPage('prealerts', owner, 'cp-1', () => putInSteps(db.prealerts, broken), [db.prealerts])).rejects.toThrow()
    expect(await db.prealerts.count()).toBe(0)
    expect(await db.syncState.get('prealerts')).toBeUndefined()
  })
})
