import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { type Caller, createApiUser, engines, type Engine } from './engines.ts'

// The policies on storage.objects (20261125120000_storage_policies) on PGlite and PostgreSQL 15,
// as Storage applies them: an upload is an insert as the caller, a download a select.

type User = JwtClaims & { sub: string }

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User
  let clerk: User
  let owner: User
  let other: User
  let packageId: string

  const insert = (caller: Caller, bucket: string, name: string) =>
    db.attempt(caller, (query) => query(`insert into storage.objects (bucket_id, name, owner_id) values ($1, $2, $3)`, [bucket, name, caller && caller !== 'owner' ? caller.sub : null]))
  const canWrite = async (caller: Caller, bucket: string, name: string) => (await insert(caller, bucket, name)).ok
  const sees = async (caller: Caller, bucket: string, name: string) => {
    const found = await db.attempt(caller, (query) => query(`select 1 from storage.objects where bucket_id = $1 and name = $2`, [bucket, name]))
    return found.ok && found.value.length === 1
  }
  const stored = async (bucket: string, name: string) => {
    await db.owner(`insert into storage.objects (bucket_id, name) values ($1, $2)`, [bucket, name])
    return name
  }

  beforeAll(async () => {
    db = await open()
    for (const bucket of ['package-photos', 'documents', 'avatars', 'content']) await db.owner(`insert into storage.buckets (id, name) values ($1, $1) on conflict do nothing`, [bucket])
    admin = await createApiUser(db, true)
    clerk = await createApiUser(db, 'clerk')
    owner = await createApiUser(db)
    other = await createApiUser(db)
    packageId = (await db.owner<{ id: string }>(`insert into public.packages (user_id, tracking_code) values ($1, 'POLICY-1') returning id`, [owner.sub]))[0]!.id
  }, 60_000)
  afterAll(() => db?.close())

  it('package photos: staff (clerks and admins) write and read; the package owner reads; nobody else does either', async () => {
    const photo = () => `${packageId}/${randomUUID()}.jpg`
    for (const caller of [admin, clerk]) expect(await canWrite(caller, 'package-photos', photo())).toBe(true)
    for (const caller of [owner, other, null]) expect(await canWrite(caller, 'package-photos', photo())).toBe(false)
    const name = await stored('package-photos', photo())
    expect(await sees(admin, 'package-photos', name)).toBe(true)
    expect(await sees(clerk, 'package-photos', name)).toBe(true)
    expect(await sees(owner, 'package-photos', name)).toBe(true)
    expect(await sees(other, 'package-photos', name)).toBe(false)
    expect(await sees(null, 'package-photos', name)).toBe(false)
  })

  it("documents: a customer writes and reads their own folder only; staff read all and write none", async () => {
    expect(await canWrite(owner, 'documents', `${owner.sub}/${randomUUID()}.pdf`)).toBe(true)
    expect(await canWrite(owner, 'documents', `${other.sub}/${randomUUID()}.pdf`)).toBe(false)
    expect(await canWrite(owner, 'documents', `${randomUUID()}.pdf`)).toBe(false)
    expect(await canWrite(admin, 'documents', `${owner.sub}/${randomUUID()}.pdf`)).toBe(false)
    expect(await canWrite(clerk, 'documents', `${owner.sub}/${randomUUID()}.pdf`)).toBe(false)
    expect(await canWrite(null, 'documents', `${owner.sub}/${randomUUID()}.pdf`)).toBe(false)
    const name = await stored('documents', `${owner.sub}/${randomUUID()}.pdf`)
    expect(await sees(owner, 'documents', name)).toBe(true)
    expect(await sees(admin, 'documents', name)).toBe(true)
    expect(await sees(clerk, 'documents', name)).toBe(true)
    expect(await sees(other, 'documents', name)).toBe(false)
  })

  it('content covers: only admins add, see the rows of and remove them; clerks and customers do not', async () => {
    const cover = () => `${randomUUID()}/${randomUUID()}.jpg`
    expect(await canWrite(admin, 'content', cover())).toBe(true)
    for (const caller of [clerk, owner, null]) expect(await canWrite(caller, 'content', cover())).toBe(false)
    const name = await stored('content', cover())
    expect([await sees(admin, 'content', name), await sees(clerk, 'content', name), await sees(owner, 'content', name)]).toEqual([true, false, false])
  })

  it('documents: an uploaded file is never replaced or removed by its customer (a new invoice is a new file)', async () => {
    const name = await stored('documents', `${owner.sub}/${randomUUID()}.pdf`)
    const changed = await db.attempt(owner, (query) => query(`update storage.objects set metadata = '{"size": 1}' where bucket_id = 'documents' and name = $1 returning name`, [name]))
    const removed = await db.attempt(owner, (query) => query(`delete from storage.objects where bucket_id = 'documents' and name = $1 returning name`, [name]))
    expect(changed).toMatchObject({ ok: true, value: [] })
    expect(removed).toMatchObject({ ok: true, value: [] })
    expect(await db.owner(`select 1 from storage.objects where bucket_id = 'documents' and name = $1 and metadata is null`, [name])).toHaveLength(1)
  })

  it('avatars: read by URL only, so nobody lists them: each user sees, writes, replaces and removes only their own folder', async () => {
    expect(await canWrite(other, 'avatars', `${other.sub}/${randomUUID()}.jpg`)).toBe(true)
    expect(await canWrite(other, 'avatars', `${owner.sub}/${randomUUID()}.jpg`)).toBe(false)
    expect(await canWrite(null, 'avatars', `${owner.sub}/${randomUUID()}.jpg`)).toBe(false)
    const name = await stored('avatars', `${owner.sub}/${randomUUID()}.jpg`)
    expect(await sees(null, 'avatars', name)).toBe(false)
    expect(await sees(other, 'avatars', name)).toBe(false)
    expect(await sees(owner, 'avatars', name)).toBe(true)
    const removed = async (caller: User) => (await db.attempt(caller, (query) => query(`delete from storage.objects where bucket_id = 'avatars' and name = $1 returning name`, [name]))) as { ok: true; value: unknown[] }
    expect((await removed(other)).value).toEqual([])
    expect((await removed(owner)).value).toEqual([{ name }])
  })

  it('a bucket without policies takes nothing', async () => {
    await db.owner(`insert into storage.buckets (id, name) values ('elsewhere', 'elsewhere') on conflict do nothing`)
    for (const caller of [admin, owner, null]) expect(await canWrite(caller, 'elsewhere', `${owner.sub}/x.jpg`)).toBe(false)
  })
})
