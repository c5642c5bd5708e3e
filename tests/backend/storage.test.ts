import { randomUUID } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SUPABASE_LOCAL_ANON_KEY } from '../../supabase/local/keys'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, newClient, signedIn, startTestStandIn, uniqueEmail } from './helpers'
import { rawRequest } from './raw-http'

// Storage (/storage/v1) through supabase-js's storage client and raw HTTP: the buckets of
// config.toml with their limits, and who may do what as the policies on storage.objects say.
// Refusals come in Supabase Storage's shape (HTTP 400, the real code in `statusCode`) and store
// nothing, neither a row nor a file.

let standIn: StandIn
let admin: SupabaseClient
let owner: SupabaseClient
let ownerId: string
let other: SupabaseClient
let otherId: string
let packageId: string

const jpeg = (size = 64) => new Blob([new Uint8Array(size).fill(7)], { type: 'image/jpeg' })
const pdf = () => new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' })
const text = async (blob: Blob | null) => (blob ? Buffer.from(await blob.arrayBuffer()).toString() : null)

async function customer(): Promise<[SupabaseClient, string]> {
  const credentials = { email: uniqueEmail('storage'), password: 'secret-123' }
  const { data, error } = await newClient(standIn.url).auth.signUp(credentials)
  if (error) throw error
  return [await signedIn(standIn.url, credentials), data.user!.id]
}

/** Objects of a bucket under a name, whoever may see them, and whether any file of that name is on disk. */
async function storedAnywhere(bucket: string, name: string) {
  const { rows } = await standIn.db.query(`select 1 from storage.objects where bucket_id = $1 and name = $2`, [bucket, name])
  return rows.length
}

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await signedIn(standIn.url, demoAdmin)
  ;[owner, ownerId] = await customer()
  ;[other, otherId] = await customer()
  const { data, error } = await admin.from('packages').insert({ user_id: ownerId, tracking_code: `ST-${randomUUID().slice(0, 8)}` }).select('id').single()
  if (error) throw error
  packageId = (data as { id: string }).id
})

afterAll(async () => {
  await standIn?.close()
})

describe('package photos (private: admins write, owners read)', () => {
  it('an admin uploads; the owner downloads and signs a URL; another customer sees nothing and cannot write', async () => {
    const path = `${packageId}/${randomUUID()}.jpg`
    const uploaded = await admin.storage.from('package-photos').upload(path, jpeg())
    expect(uploaded).toMatchObject({ error: null, data: { path, fullPath: `package-photos/${path}` } })

    expect((await owner.storage.from('package-photos').download(path)).data?.size).toBe(64)
    const signed = await owner.storage.from('package-photos').createSignedUrl(path, 60)
    const response = await fetch(signed.data!.signedUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect((await response.arrayBuffer()).byteLength).toBe(64)
    const many = await owner.storage.from('package-photos').createSignedUrls([path, `${packageId}/missing.jpg`], 60)
    expect(many.data?.map((entry) => entry.error)).toEqual([null, expect.stringContaining('does not exist')])

    expect((await other.storage.from('package-photos').download(path)).error).toMatchObject({ statusCode: '404' })
    expect((await other.storage.from('package-photos').createSignedUrl(path, 60)).error).toMatchObject({ statusCode: '404' })
    expect((await other.storage.from('package-photos').list(packageId)).data).toEqual([])
    expect((await owner.storage.from('package-photos').upload(`${packageId}/${randomUUID()}.jpg`, jpeg())).error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' })
  })

  it('a second upload to the same path is a 409 and leaves the first bytes; upsert replaces them', async () => {
    const path = `${packageId}/${randomUUID()}.jpg`
    await admin.storage.from('package-photos').upload(path, jpeg(10))
    expect((await admin.storage.from('package-photos').upload(path, jpeg(20))).error).toMatchObject({ statusCode: '409', message: 'The resource already exists' })
    expect((await admin.storage.from('package-photos').download(path)).data?.size).toBe(10)
    expect((await admin.storage.from('package-photos').upload(path, jpeg(30), { upsert: true })).error).toBeNull()
    expect((await admin.storage.from('package-photos').download(path)).data?.size).toBe(30)
  })

  it('a signed upload URL lets its holder upload once to that path', async () => {
    const path = `${packageId}/${randomUUID()}.jpg`
    const { data } = await admin.storage.from('package-photos').createSignedUploadUrl(path)
    expect((await newClient(standIn.url).storage.from('package-photos').uploadToSignedUrl(path, data!.token, jpeg(12))).error).toBeNull()
    expect((await owner.storage.from('package-photos').download(path)).data?.size).toBe(12)
    expect((await newClient(standIn.url).storage.from('package-photos').uploadToSignedUrl(`${packageId}/${randomUUID()}.jpg`, data!.token, jpeg())).error).toMatchObject({ statusCode: '403' })
  })
})

describe('documents (private: a customer\'s folder, admins read)', () => {
  it('a customer writes and reads their folder; admins read it; others cannot, nor write there', async () => {
    const path = `${ownerId}/${randomUUID()}.pdf`
    expect((await owner.storage.from('documents').upload(path, pdf())).error).toBeNull()
    expect(await text((await admin.storage.from('documents').download(path)).data)).toBe('%PDF-1.4\n%%EOF\n')
    expect((await other.storage.from('documents').download(path)).error).toMatchObject({ statusCode: '404' })
    expect((await other.storage.from('documents').upload(`${ownerId}/${randomUUID()}.pdf`, pdf())).error).toMatchObject({ statusCode: '403' })
    expect((await admin.storage.from('documents').upload(`${ownerId}/${randomUUID()}.pdf`, pdf())).error).toMatchObject({ statusCode: '403' })

    const listed = await owner.storage.from('documents').list(ownerId)
    expect(listed.data?.map((entry) => entry.name)).toContain(path.split('/')[1])
    expect((await owner.storage.from('documents').list()).data).toEqual([expect.objectContaining({ name: ownerId, id: null })])
  })

  it('an uploaded document stays as it was: nobody removes or overwrites it, its customer included', async () => {
    const path = `${ownerId}/${randomUUID()}.pdf`
    await owner.storage.from('documents').upload(path, pdf())
    for (const caller of [other, owner]) expect(await caller.storage.from('documents').remove([path])).toEqual({ data: [], error: null })
    expect((await owner.storage.from('documents').upload(path, new Blob(['%PDF-1.4\nother\n'], { type: 'application/pdf' }), { upsert: true })).error).not.toBeNull()
    expect((await owner.storage.from('documents').update(path, pdf())).error).not.toBeNull()
    expect(await storedAnywhere('documents', path)).toBe(1)
    expect(await text((await owner.storage.from('documents').download(path)).data)).toBe('%PDF-1.4\n%%EOF\n')
  })
})

describe('avatars (public by URL: anyone reads a file, nobody lists others\' folders; each user writes their folder)', () => {
  it('a public URL answers without a token; another user\'s folder is refused', async () => {
    const path = `${otherId}/${randomUUID()}.jpg`
    expect((await other.storage.from('avatars').upload(path, jpeg())).error).toBeNull()
    const response = await fetch(other.storage.from('avatars').getPublicUrl(path).data.publicUrl)
    expect(response.status).toBe(200)
    expect((await owner.storage.from('avatars').upload(`${otherId}/${randomUUID()}.jpg`, jpeg())).error).toMatchObject({ statusCode: '403' })
    expect((await fetch(`${standIn.url}/storage/v1/object/public/documents/${ownerId}/x.pdf`)).status).toBe(400)
  })

  it('listing the bucket names nobody else: the anon key gets nothing, a user only their own folder', async () => {
    const path = `${ownerId}/${randomUUID()}.jpg`
    expect((await owner.storage.from('avatars').upload(path, jpeg())).error).toBeNull()
    expect((await newClient(standIn.url).storage.from('avatars').list()).data).toEqual([])
    expect((await newClient(standIn.url).storage.from('avatars').list(ownerId)).data).toEqual([])
    expect((await other.storage.from('avatars').list(ownerId)).data).toEqual([])
    expect((await other.storage.from('avatars').list()).data?.map((entry) => entry.name)).not.toContain(ownerId)
    expect((await owner.storage.from('avatars').list(ownerId)).data?.map((entry) => entry.name)).toContain(path.split('/')[1])
  })
})

describe('refused uploads store nothing', () => {
  it('a type the bucket does not take is 415; a file over its limit 413', async () => {
    const wrongType = `${ownerId}/${randomUUID()}.txt`
    expect((await owner.storage.from('documents').upload(wrongType, new Blob(['hi'], { type: 'text/plain' }))).error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' })
    expect(await storedAnywhere('documents', wrongType)).toBe(0)
    const tooLarge = `${ownerId}/${randomUUID()}.jpg`
    expect((await owner.storage.from('avatars').upload(tooLarge, jpeg(2 * 1024 * 1024 + 1))).error).toMatchObject({ statusCode: '413' })
    expect(await storedAnywhere('avatars', tooLarge)).toBe(0)
  })

  it('every kind of bad path is a 400 InvalidKey, with no row and no file', async () => {
    const session = (await owner.auth.getSession()).data.session!
    const before = await readdirDeep()
    // Sent byte for byte: fetch would resolve `..` and `%2e%2e` itself before sending.
    const bad = [`${ownerId}/../${ownerId}/x.pdf`, `${ownerId}/%2e%2e/${ownerId}/x.pdf`, `${ownerId}/./x.pdf`, `${ownerId}//x.pdf`, `${ownerId}/x%00.pdf`, `${ownerId}/%252e%252e/x.pdf`, `${ownerId}/${'a'.repeat(1100)}.pdf`, `${ownerId}/x%01.pdf`, `${ownerId}/%E2%80%AE.pdf`, `%2F${ownerId}/x.pdf`, `${ownerId}%2F..%2F${ownerId}%2Fx.pdf`]
    for (const path of bad) {
      const response = await rawRequest(
        standIn.port,
        `POST /storage/v1/object/documents/${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${session.access_token}\r\nContent-Type: application/pdf\r\nContent-Length: 8\r\n\r\n%PDF-1.4`,
      )
      expect(response.status, path).toBe(400)
      expect(JSON.parse(response.body), path).toMatchObject({ statusCode: '400', error: 'InvalidKey' })
    }
    const { rows } = await standIn.db.query(`select name from storage.objects where bucket_id = 'documents' and name not like $1`, [`${ownerId}/________-____-____-____-____________.pdf`])
    expect(rows).toEqual([])
    // Stored objects only: resumable uploads' scratch files (storage-uploads) are written by other tests' uploads as they finish.
    const stored = (entries: string[]) => entries.filter((entry) => !entry.includes('/storage-uploads'))
    expect(stored(await readdirDeep())).toEqual(stored(before))
  })

  it('no token, a bad token and an expired-looking one are refused; the anon key reads only what is public', async () => {
    const url = `${standIn.url}/storage/v1/object/documents/${ownerId}/${randomUUID()}.pdf`
    const none = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: '%PDF' })
    expect(none.status).toBe(400)
    expect(await none.json()).toMatchObject({ statusCode: '403' })
    const forged = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${SUPABASE_LOCAL_ANON_KEY.slice(0, -4)}AAAA`, 'content-type': 'application/pdf' }, body: '%PDF' })
    expect(await forged.json()).toMatchObject({ statusCode: '403', error: 'InvalidJWT' })
    const anonymous = await newClient(standIn.url).storage.from('documents').upload(`${ownerId}/${randomUUID()}.pdf`, pdf())
    expect(anonymous.error).toMatchObject({ statusCode: '403' })
  })
})

/** Every file under the stand-in's storage folders (in-memory stand-ins keep theirs in the OS temp folder). */
async function readdirDeep(): Promise<string[]> {
  const root = (await import('node:os')).tmpdir()
  const folders = (await readdir(root)).filter((name) => name.startsWith('supabase-local-storage-'))
  const files = await Promise.all(folders.map(async (folder) => (await readdir(`${root}/${folder}`, { recursive: true })).map((file) => `${folder}/${file}`)))
  return files.flat().sort()
}
