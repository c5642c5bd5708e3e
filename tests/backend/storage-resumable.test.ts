import { randomUUID } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import type { SupabaseClient } from '@supabase/supabase-js'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, newClient, signedIn, signedUpCustomer, startTestStandIn, uniqueEmail } from './helpers'

// Resumable (tus) uploads at /storage/v1/upload/resumable, spoken as hosted Supabase Storage does:
// raw HTTP for the protocol's details, tus-js-client (Node's HTTP stack) for a whole upload. The
// bucket's rules and the policies on storage.objects decide as for a plain upload; a part cut off
// mid-way keeps what arrived, and the next one goes on from there.

let standIn: StandIn
let admin: SupabaseClient
let adminToken: string
let customer: SupabaseClient
let customerId: string
let customerToken: string
let packageId: string

const endpoint = () => `${standIn.url}/storage/v1/upload/resumable`
const b64 = (value: string) => Buffer.from(value).toString('base64')
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',')

async function tokenOf(client: SupabaseClient) {
  return (await client.auth.getSession()).data.session!.access_token
}

interface Creation {
  token: string
  bucket: string
  path: string
  length: number
  contentType?: string
  cacheControl?: string
  upsert?: boolean
}

function create({ token, bucket, path, length, contentType = 'image/jpeg', cacheControl = '3600', upsert = false }: Creation) {
  return fetch(endpoint(), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': metadata({ bucketName: bucket, objectName: path, contentType, cacheControl }),
      'x-upsert': String(upsert),
    },
  })
}

function patch(url: string, token: string, offset: number, body: Uint8Array<ArrayBuffer>) {
  return fetch(url, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body,
  })
}

async function offsetOf(url: string, token: string) {
  const response = await fetch(url, { method: 'HEAD', headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' } })
  return { status: response.status, offset: Number(response.headers.get('upload-offset')), length: Number(response.headers.get('upload-length')) }
}

async function objectRow(bucket: string, name: string) {
  const { rows } = await standIn.db.query<{ owner: string; metadata: { size: number; mimetype: string; cacheControl: string } }>(`select owner::text, metadata from storage.objects where bucket_id = $1 and name = $2`, [bucket, name])
  return rows
}

const bytes = (size: number, fill = 7) => new Uint8Array(new ArrayBuffer(size)).fill(fill)

/** Sends `sent` bytes of a PATCH whose Content-Length says more, then cuts the connection, as a dropped link does. */
function cutPatch(url: string, token: string, offset: number, declared: number, sent: Uint8Array): Promise<void> {
  return new Promise((resolve) => {
    const target = new URL(url)
    const request = httpRequest({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(declared) },
    })
    request.on('error', () => resolve())
    request.write(sent, () => setTimeout(() => request.destroy(), 50))
    request.on('close', () => resolve())
  })
}

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await signedIn(standIn.url, demoAdmin)
  adminToken = await tokenOf(admin)
  const credentials = { email: uniqueEmail('resumable'), password: 'secret-123' }
  const signup = await newClient(standIn.url).auth.signUp(credentials)
  if (signup.error) throw signup.error
  customerId = signup.data.user!.id
  customer = await signedIn(standIn.url, credentials)
  customerToken = await tokenOf(customer)
  const { data, error } = await admin.from('packages').insert({ user_id: customerId, tracking_code: `TUS-${randomUUID().slice(0, 8)}` }).select('id').single()
  if (error) throw error
  packageId = (data as { id: string }).id
})

afterAll(async () => {
  await standIn?.close()
})

describe('an upload in parts', () => {
  it('is created with its URL, takes parts from the offset HEAD gives, and is stored with the caller as owner once the last byte arrives', async () => {
    const path = `${packageId}/${randomUUID()}.jpg`
    const created = await create({ token: adminToken, bucket: 'package-photos', path, length: 10 })
    expect(created.status).toBe(201)
    expect(created.headers.get('tus-resumable')).toBe('1.0.0')
    const url = created.headers.get('location')!
    expect(url).toMatch(new RegExp(`^${standIn.url}/storage/v1/upload/resumable/[\\w-]+$`))
    expect(Buffer.from(url.split('/').pop()!, 'base64url').toString()).toMatch(new RegExp(`^package-photos/${path}/[0-9a-f-]{36}$`))
    expect(await offsetOf(url, adminToken)).toEqual({ status: 200, offset: 0, length: 10 })

    const first = await patch(url, adminToken, 0, bytes(4))
    expect(first.status).toBe(204)
    expect(first.headers.get('upload-offset')).toBe('4')
    expect(await objectRow('package-photos', path)).toEqual([])
    // A part sent from a stale offset is refused, and changes nothing.
    expect((await patch(url, adminToken, 0, bytes(6))).status).toBe(409)
    expect((await offsetOf(url, adminToken)).offset).toBe(4)

    const last = await patch(url, adminToken, 4, bytes(6, 9))
    expect(last.status).toBe(204)
    expect(last.headers.get('upload-offset')).toBe('10')
    const adminId = (await admin.auth.getUser()).data.user!.id
    expect(await objectRow('package-photos', path)).toEqual([{ owner: adminId, metadata: expect.objectContaining({ size: 10, mimetype: 'image/jpeg', cacheControl: 'max-age=3600' }) }])
    const stored = await customer.storage.from('package-photos').download(path)
    expect(Buffer.from(await stored.data!.arrayBuffer())).toEqual(Buffer.from([7, 7, 7, 7, 9, 9, 9, 9, 9, 9]))
    // Done: HEAD says so for as long as the upload is known, so a client whose last answer was lost goes on.
    expect(await offsetOf(url, adminToken)).toEqual({ status: 200, offset: 10, length: 10 })
  })

  it('keeps the bytes of a part whose connection dropped, and the next part goes on from there', async () => {
    const path = `${packageId}/${randomUUID()}.jpg`
    const url = (await create({ token: adminToken, bucket: 'package-photos', path, length: 300_000 })).headers.get('location')!
    await cutPatch(url, adminToken, 0, 300_000, bytes(120_000))
    await expect.poll(async () => (await offsetOf(url, adminToken)).offset).toBe(120_000)
    const rest = await patch(url, adminToken, 120_000, bytes(180_000))
    expect(rest.status).toBe(204)
    expect(rest.headers.get('upload-offset')).toBe('300000')
    expect((await objectRow('package-photos', path))[0]?.metadata.size).toBe(300_000)
  })

  it('takes parts past the gateway’s 1 MiB body limit (hosted Supabase wants 6 MiB ones), within the bucket’s limit', async () => {
    const path = `${customerId}/${randomUUID()}.pdf`
    const size = 6 * 1024 * 1024 + 1000
    const url = (await create({ token: customerToken, bucket: 'documents', path, length: size, contentType: 'application/pdf' })).headers.get('location')!
    expect((await patch(url, customerToken, 0, bytes(6 * 1024 * 1024))).status).toBe(204)
    expect((await patch(url, customerToken, 6 * 1024 * 1024, bytes(1000))).status).toBe(204)
    expect((await objectRow('documents', path))[0]?.metadata.size).toBe(size)
  })

  it('a request for an upload whose part is still arriving stops that part where it is (its client may be gone) and goes on from there', async () => {
    const path = `${packageId}/${randomUUID()}.jpg`
    const url = (await create({ token: adminToken, bucket: 'package-photos', path, length: 100 })).headers.get('location')!
    const target = new URL(url)
    const stale = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: 'PATCH', headers: { authorization: `Bearer ${adminToken}`, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': '100' } })
    const cut = new Promise<void>((resolve) => {
      stale.on('response', () => resolve())
      stale.on('error', () => resolve())
    })
    stale.write(bytes(10))
    await expect.poll(async () => (await offsetOf(url, adminToken)).offset).toBe(10)
    await cut
    expect((await patch(url, adminToken, 10, bytes(90))).status).toBe(204)
    expect((await objectRow('package-photos', path))[0]?.metadata.size).toBe(100)
  })
})

describe('the bucket’s rules and the policies, before any byte arrives', () => {
  it('a length over the bucket’s limit is 413, a type it does not take 415, at creation', async () => {
    const tooLong = await create({ token: customerToken, bucket: 'avatars', path: `${customerId}/${randomUUID()}.jpg`, length: 2 * 1024 * 1024 + 1 })
    expect(tooLong.status).toBe(413)
    expect(await tooLong.text()).toBe('Maximum size exceeded')
    const wrongType = await create({ token: customerToken, bucket: 'documents', path: `${customerId}/${randomUUID()}.txt`, length: 5, contentType: 'text/plain' })
    expect(wrongType.status).toBe(415)
    expect(await wrongType.text()).toBe('mime type text/plain is not supported')
  })

  it('the policies decide: a customer may not write package photos, nor another user’s folder; no token at all is refused', async () => {
    const photo = await create({ token: customerToken, bucket: 'package-photos', path: `${packageId}/${randomUUID()}.jpg`, length: 5 })
    expect(photo.status).toBe(403)
    expect(await photo.text()).toBe('new row violates row-level security policy')
    expect((await create({ token: adminToken, bucket: 'documents', path: `${customerId}/${randomUUID()}.pdf`, length: 5, contentType: 'application/pdf' })).status).toBe(403)
    const anonymous = await fetch(endpoint(), { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '5', 'upload-metadata': metadata({ bucketName: 'avatars', objectName: `${customerId}/a.jpg` }) } })
    expect(await anonymous.json()).toMatchObject({ statusCode: '403' })
  })

  it('an object already stored at the path is a 409 unless upserting; two uploads to one path: the first to finish wins', async () => {
    const path = `${customerId}/${randomUUID()}.jpg`
    const [first, second] = await Promise.all([1, 2].map(async () => (await create({ token: customerToken, bucket: 'avatars', path, length: 3 })).headers.get('location')!))
    expect((await patch(first!, customerToken, 0, bytes(3, 1))).status).toBe(204)
    const late = await patch(second!, customerToken, 0, bytes(3, 2))
    expect(late.status).toBe(409)
    expect(await late.text()).toBe('The resource already exists')
    expect((await create({ token: customerToken, bucket: 'avatars', path, length: 3 })).status).toBe(409)
    const upsert = await create({ token: customerToken, bucket: 'avatars', path, length: 3, upsert: true })
    expect(upsert.status).toBe(201)
    const replaced = await fetch(upsert.headers.get('location')!, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${customerToken}`, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'x-upsert': 'true' },
      body: bytes(3, 3),
    })
    expect(replaced.status).toBe(204)
    const stored = await fetch(customer.storage.from('avatars').getPublicUrl(path).data.publicUrl)
    expect(Buffer.from(await stored.arrayBuffer())).toEqual(Buffer.from([3, 3, 3]))
  })

  it('keeps Storage’s cache rule: seconds become max-age, anything else no-cache', async () => {
    const path = `${customerId}/${randomUUID()}.pdf`
    const url = (await create({ token: customerToken, bucket: 'documents', path, length: 4, contentType: 'application/pdf', cacheControl: 'no-cache' })).headers.get('location')!
    await patch(url, customerToken, 0, bytes(4))
    expect((await objectRow('documents', path))[0]?.metadata.cacheControl).toBe('no-cache')
  })

  it('speaks tus 1.0.0 only, and refuses parts that are not offset streams or run past the length', async () => {
    const missingVersion = await fetch(endpoint(), { method: 'POST', headers: { authorization: `Bearer ${customerToken}`, 'upload-length': '3' } })
    expect(missingVersion.status).toBe(412)
    expect(missingVersion.headers.get('tus-version')).toBe('1.0.0')
    const path = `${customerId}/${randomUUID()}.pdf`
    const url = (await create({ token: customerToken, bucket: 'documents', path, length: 4, contentType: 'application/pdf' })).headers.get('location')!
    const plain = await fetch(url, { method: 'PATCH', headers: { authorization: `Bearer ${customerToken}`, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/pdf' }, body: bytes(4) })
    expect(plain.status).toBe(415)
    expect((await patch(url, customerToken, 0, bytes(5))).status).toBe(413)
    expect((await offsetOf(url, customerToken)).offset).toBe(0)
    expect((await offsetOf(`${endpoint()}/${Buffer.from('documents/nothing/here').toString('base64url')}`, customerToken)).status).toBe(404)
  })
})

// Checked against supabase/storage's tus routes (src/http/routes/tus: index.ts, lifecycle.ts) and
// @tus/server: x-upsert is read from each request (setTusRequestContext), never kept from the
// creation; HEAD is answered to any valid token (onIncomingRequest returns before authorizing it:
// the upload's URL, with its random version, is what names it); and a part may be of any size, the
// S3 store keeping one under its part size until the next (6 MiB is the size Supabase's docs ask
// clients for, not a rule the service holds them to: its acceptance suite, run against hosted
// projects, resumes after a part of 10 bytes).
describe('as Supabase Storage’s tus server answers', () => {
  it('HEAD says the upload’s length, offset and metadata, its cache rule as Storage keeps it, and is not to be cached', async () => {
    const path = `${customerId}/${randomUUID()}.pdf`
    const url = (await create({ token: customerToken, bucket: 'documents', path, length: 4, contentType: 'application/pdf', cacheControl: '3600' })).headers.get('location')!
    const head = await fetch(url, { method: 'HEAD', headers: { authorization: `Bearer ${customerToken}`, 'tus-resumable': '1.0.0' } })
    expect(head.status).toBe(200)
    expect(Object.fromEntries(['tus-resumable', 'upload-offset', 'upload-length', 'upload-metadata', 'cache-control'].map((name) => [name, head.headers.get(name)]))).toEqual({
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'upload-length': '4',
      'upload-metadata': metadata({ bucketName: 'documents', objectName: path, contentType: 'application/pdf', cacheControl: 'max-age=3600' }),
      'cache-control': 'no-store',
    })
  })

  it('HEAD asks for a valid token, not the uploader’s: another customer reads the offset, no token or a bad one is refused', async () => {
    const path = `${customerId}/${randomUUID()}.pdf`
    const url = (await create({ token: customerToken, bucket: 'documents', path, length: 4, contentType: 'application/pdf' })).headers.get('location')!
    const other = await signedUpCustomer(standIn.url, 'resumable-other')
    expect(await offsetOf(url, await tokenOf(other.client))).toEqual({ status: 200, offset: 0, length: 4 })
    expect((await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } })).status).toBe(400)
    expect((await offsetOf(url, `${customerToken}x`)).status).toBe(400)
  })

  it('x-upsert is each request’s: an upload created to replace does not, with a part sent without it, and one created not to does, with a part sent with it', async () => {
    const path = `${customerId}/${randomUUID()}.jpg`
    const stored = (await create({ token: customerToken, bucket: 'avatars', path, length: 3 })).headers.get('location')!
    const [replacing, keeping] = await Promise.all([true, false].map(async (upsert) => (await create({ token: customerToken, bucket: 'avatars', path, length: 3, upsert })).headers.get('location')!))
    expect((await patch(stored, customerToken, 0, bytes(3, 1))).status).toBe(204)

    const refused = await patch(replacing!, customerToken, 0, bytes(3, 2))
    expect(refused.status).toBe(409)
    expect(await refused.text()).toBe('The resource already exists')
    const replaced = await fetch(keeping!, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${customerToken}`, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'x-upsert': 'true' },
      body: bytes(3, 3),
    })
    expect(replaced.status).toBe(204)
    const object = await fetch(customer.storage.from('avatars').getPublicUrl(path).data.publicUrl)
    expect(Buffer.from(await object.arrayBuffer())).toEqual(Buffer.from([3, 3, 3]))
  })
})

describe('tus-js-client', () => {
  it('uploads a file in 6 MiB parts as hosted Supabase wants them, and resumes from the URL it was given', async () => {
    const path = `${customerId}/${randomUUID()}.pdf`
    const file = Buffer.alloc(7 * 1024 * 1024, 5)
    const requests: { method: string; offset: string | undefined }[] = []
    const upload = (uploadUrl: string | null) =>
      new Promise<string>((resolve, reject) => {
        const tus = new Upload(file, {
          endpoint: endpoint(),
          uploadUrl,
          chunkSize: 6 * 1024 * 1024,
          retryDelays: null,
          storeFingerprintForResuming: false,
          headers: { authorization: `Bearer ${customerToken}`, 'x-upsert': 'false' },
          metadata: { bucketName: 'documents', objectName: path, contentType: 'application/pdf', cacheControl: '3600' },
          onBeforeRequest: (request) => void requests.push({ method: request.getMethod(), offset: request.getHeader('Upload-Offset') }),
          onSuccess: () => resolve(tus.url!),
          onError: reject,
        })
        tus.start()
      })
    const url = await upload(null)
    expect(requests).toEqual([
      { method: 'POST', offset: undefined },
      { method: 'PATCH', offset: '0' },
      { method: 'PATCH', offset: String(6 * 1024 * 1024) },
    ])
    expect((await objectRow('documents', path))[0]?.metadata.size).toBe(file.length)
    requests.length = 0
    expect(await upload(url)).toBe(url)
    expect(requests).toEqual([{ method: 'HEAD', offset: undefined }])
  })
})
