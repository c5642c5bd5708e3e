import { beforeEach, describe, expect, it } from 'vitest'
import { db } from './db'
import { releaseOwnership, takeOwnership } from './owner'
import { readLocalRole } from './queries'
import type { LocalProfile } from './db'
import { clearLocalData } from './wipe'

const profile = (id: string, role: LocalProfile['role']): LocalProfile => ({
  id,
  email: `${id}@example.test`,
  full_name: null,
  phone: null,
  role,
  country: null,
  delivery_address: null,
  city: null,
  postal_code: null,
  id_number: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  locker_code: 'MIA100001',
})

beforeEach(() => clearLocalData())

describe('the role a reload restores the session with, from this device alone', () => {
  it('is the one the session began with while the profile’s first pull has not landed', async () => {
    await takeOwnership('admin-1', 'admin')
    expect(await db.profiles.get('admin-1')).toBeUndefined()
    expect(await readLocalRole('admin-1')).toBe('admin')
  })

  it('follows the saved profile once it is there (the server said it last)', async () => {
    await takeOwnership('u1', 'admin')
    await db.profiles.put(profile('u1', 'user'))
    expect(await readLocalRole('u1')).toBe('user')
  })

  it('is updated when the same user’s session begins again with another role, on the same data', async () => {
    const first = await takeOwnership('u1', 'user')
    const again = await takeOwnership('u1', 'admin')
    expect(again).toEqual(first)
    expect(await readLocalRole('u1')).toBe('admin')
  })

  it('is nobody else’s, and leaves with the data', async () => {
    await takeOwnership('u1', 'admin')
    expect(await readLocalRole('u2')).toBeUndefined()
    await releaseOwnership(null)
    expect(await readLocalRole('u1')).toBeUndefined()
  })
})
