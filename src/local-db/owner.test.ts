import { beforeEach, describe, expect, it } from 'vitest'
import { db } from './db'
import { readOwnerRole, releaseOwnership, roleChanged, startOverIfRoleChanged, takeOwnership, workWaitingFor } from './owner'
import { readLocalRole } from './queries'
import type { ArticleDraft } from './content-rows'
import type { LocalProfile, QueuedOp } from './db'
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

const cancel = (userId: string, prealertId: string): QueuedOp => ({ opId: `${userId}-${prealertId}`, userId, kind: 'cancel-prealert', prealertId, state: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null, createdAt: '2026-11-01T10:00:00Z' })

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

  it('is the role the data was pulled as: a session begun again as another role starts the data over, keeping the person’s profile and queued work', async () => {
    const first = await takeOwnership('u1', 'admin')
    await db.profiles.bulkPut([profile('u1', 'user'), profile('c2', 'user')])
    await db.syncState.put({ key: 'directory', userId: 'u1', checkpoint: '9:a', syncedAt: 1 })
    await db.outbox.add(cancel('u1', 'p1'))
    const again = await takeOwnership('u1', 'user')
    expect(again).toEqual(first)
    expect(await readOwnerRole('u1')).toBe('user')
    expect((await db.profiles.toArray()).map((row) => row.id)).toEqual(['u1'])
    expect(await db.syncState.count()).toBe(0)
    expect(await db.outbox.count()).toBe(1)
  })

  it('is nobody else’s, and leaves with the data', async () => {
    await takeOwnership('u1', 'admin')
    expect(await readLocalRole('u2')).toBeUndefined()
    await releaseOwnership({ discardWork: true })
    expect(await readLocalRole('u1')).toBeUndefined()
  })
})

describe('a change of role found by a pull', () => {
  it('starts the data over as the role the pulled profile says, once, keeping the person’s own profile and queued work', async () => {
    const owner = await takeOwnership('u1', 'user')
    await db.profiles.put(profile('u1', 'user'))
    await db.syncState.put({ key: 'packages', userId: 'u1', checkpoint: '5:a', syncedAt: 1 })
    expect(await startOverIfRoleChanged(owner)).toBe('user')
    expect(await roleChanged(owner)).toBe(false)
    expect(await db.syncState.count()).toBe(1)

    await db.profiles.put(profile('u1', 'admin'))
    await db.outbox.add(cancel('u1', 'p1'))
    expect(await roleChanged(owner)).toBe(true)
    expect(await startOverIfRoleChanged(owner)).toBe('admin')
    expect(await roleChanged(owner)).toBe(false)
    expect(await db.syncState.count()).toBe(0)
    expect((await db.profiles.toArray()).map((row) => row.role)).toEqual(['admin'])
    expect(await db.outbox.count()).toBe(1)
  })
})

describe('a shared desk device', () => {
  it('sets the previous person’s queued work aside (changes, files’ bytes, drafts) and gives it back, in order, when they sign in again', async () => {
    await takeOwnership('ana', 'user')
    await db.outbox.bulkAdd([cancel('ana', 'p1'), cancel('ana', 'p2')])
    await db.uploads.put({ opId: 'ana-photo', bytes: new ArrayBuffer(3) })
    await db.outbox.add({ ...cancel('ana', 'p3'), kind: 'upload-file', opId: 'ana-photo', target: 'avatar', bucket: 'avatars', path: 'ana/x.jpg', name: 'x.jpg', contentType: 'image/jpeg', size: 3 } as QueuedOp)
    await db.articleDrafts.put({ articleId: 'a1', userId: 'ana' } as ArticleDraft)
    const seqs = (await db.outbox.orderBy('seq').toArray()).map((op) => op.seq)
    await releaseOwnership({ discardWork: false })

    await takeOwnership('beto', 'user')
    expect(await db.outbox.count()).toBe(0)
    expect(await db.articleDrafts.count()).toBe(0)
    expect(await workWaitingFor('ana')).toBe(3)
    expect(await workWaitingFor('beto')).toBe(0)
    await db.outbox.add(cancel('beto', 'p9'))
    // Beto signs out: his work goes, Ana's stays.
    await releaseOwnership({ discardWork: true })
    expect(await workWaitingFor('beto')).toBe(0)

    await takeOwnership('ana', 'user')
    expect((await db.outbox.orderBy('seq').toArray()).map((op) => op.seq)).toEqual(seqs)
    expect(await db.uploads.get('ana-photo')).toBeDefined()
    expect(await db.articleDrafts.get('a1')).toMatchObject({ userId: 'ana' })
    expect(await db.keptWork.count()).toBe(0)
  })
})
