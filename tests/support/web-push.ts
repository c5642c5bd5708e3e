// The browser's side of Web Push, for tests: a push service on loopback that records what it is
// sent and answers what a test tells it to, and subscriptions with keys of the test's own. What
// arrives is decrypted here with Web Crypto alone (RFC 8291 over RFC 8188's aes128gcm) and its
// VAPID signature checked (RFC 8292), independently of the library the backend sends with.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What send-push sends: a notification, and the language its subscription was saved in. */
export interface PushMessage {
  id: string
  kind: string
  payload: Record<string, unknown>
  created_at: string
  locale: string
}

export interface ReceivedPush {
  message: PushMessage
  headers: IncomingHttpHeaders
  /** How the push service answered it. */
  status: number
}

export interface TestBrowser {
  /** As PushSubscription.toJSON() gives it. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } }
  /** The next request to this endpoint is answered `status` instead of 201 (each call, one more request). */
  refuseNext(status: number, headers?: Record<string, string>): void
  /** Every push this endpoint was sent so far, decrypted. */
  pushes(): Promise<ReceivedPush[]>
  /** Waits (20 s at most) until this endpoint was sent `count` pushes; resolves to them all. */
  received(count: number): Promise<ReceivedPush[]>
}

export interface PushService {
  /** http://127.0.0.1:<port> */
  origin: string
  /** A browser subscribed at a new endpoint of this push service, or at `endpoint`. */
  newBrowser(endpoint?: string): Promise<TestBrowser>
  close(): Promise<void>
}

interface Reply {
  status: number
  headers?: Record<string, string>
}

interface Recorded {
  headers: IncomingHttpHeaders
  body: Uint8Array<ArrayBuffer>
  status: number
}

const WAIT_MS = 20_000

export async function startPushService(): Promise<PushService> {
  const requests = new Map<string, Recorded[]>()
  const replies = new Map<string, Reply[]>()
  const server = createServer((incoming, res) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const path = new URL(incoming.url ?? '/', 'http://push.test').pathname
      const reply = replies.get(path)?.shift() ?? { status: 201 }
      requests.set(path, [...(requests.get(path) ?? []), { headers: incoming.headers, body: new Uint8Array(Buffer.concat(chunks)), status: reply.status }])
      res.writeHead(reply.status, reply.headers).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    origin,
    async newBrowser(endpoint = `${origin}/push/${randomUUID()}`) {
      const path = new URL(endpoint).pathname
      const keys = await newSubscriptionKeys()
      const pushes = () => Promise.all((requests.get(path) ?? []).map(async ({ headers, body, status }) => ({ message: await decryptPush(keys, body), headers, status })))
      return {
        subscription: { endpoint, keys: { p256dh: base64url(keys.publicKey), auth: base64url(keys.authSecret) } },
        refuseNext(status, headers) {
          replies.set(path, [...(replies.get(path) ?? []), { status, headers }])
        },
        pushes,
        async received(count) {
          const deadline = Date.now() + WAIT_MS
          while ((requests.get(path)?.length ?? 0) < count) {
            if (Date.now() > deadline) throw new Error(`${requests.get(path)?.length ?? 0} of ${count} pushes reached ${endpoint}`)
            await new Promise((resolve) => setTimeout(resolve, 25))
          }
          return pushes()
        },
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

interface SubscriptionKeys {
  privateKey: CryptoKey
  /** The uncompressed P-256 point (p256dh). */
  publicKey: Uint8Array<ArrayBuffer>
  authSecret: Uint8Array<ArrayBuffer>
}

async function newSubscriptionKeys(): Promise<SubscriptionKeys> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
  return { privateKey: pair.privateKey, publicKey, authSecret: crypto.getRandomValues(new Uint8Array(16)) }
}

const utf8 = new TextEncoder()
const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const fromBase64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'))
const parseJson = <T>(bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as T

/** RFC 8291 over aes128gcm, as push messages come: one record. */
async function decryptPush(keys: SubscriptionKeys, body: Uint8Array<ArrayBuffer>): Promise<PushMessage> {
  // Header: salt (16) | record size (4) | key id length (1) | key id (the sender's ECDH public key).
  const salt = body.slice(0, 16)
  const recordSize = new DataView(body.buffer, body.byteOffset).getUint32(16)
  const senderKey = body.slice(21, 21 + body[20]!)
  const record = body.slice(21 + senderKey.length)
  if (senderKey.length !== 65 || record.length > recordSize) throw new Error('Not one aes128gcm record keyed by a P-256 point')

  const senderPublic = await crypto.subtle.importKey('raw', senderKey, { name: 'ECDH', namedCurve: 'P-256' }, false, [])
  const sharedSecret = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: senderPublic }, keys.privateKey, 256))
  const ikm = await hkdf(keys.authSecret, sharedSecret, concat(utf8.encode('WebPush: info\0'), keys.publicKey, senderKey), 32)
  const contentKey = await hkdf(salt, ikm, utf8.encode('Content-Encoding: aes128gcm\0'), 16)
  const nonce = await hkdf(salt, ikm, utf8.encode('Content-Encoding: nonce\0'), 12)
  const key = await crypto.subtle.importKey('raw', contentKey, 'AES-GCM', false, ['decrypt'])
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, record))

  // The last record: the content, a 2, then zeros.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end -= 1
  if (padded[end] !== 2) throw new Error('The record does not end as the last one does')
  return parseJson<PushMessage>(padded.subarray(0, end))
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, length: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits'])
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, length * 8))
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(parts.reduce((size, part) => size + part.length, 0))
  parts.reduce((offset, part) => (joined.set(part, offset), offset + part.length), 0)
  return joined
}

export interface Vapid {
  /** The `k=` key, base64url. */
  publicKey: string
  claims: { aud: string; exp: number; sub: string }
}

/** RFC 8292's `vapid t=<JWT>, k=<key>`, its ES256 signature checked with that key; throws when it is not valid. */
export async function verifyVapid(authorization: string): Promise<Vapid> {
  const [, token = '', publicKey = ''] = /^vapid t=([\w.-]+),\s*k=([\w-]+)$/.exec(authorization) ?? []
  const [header = '', claims = '', signature = ''] = token.split('.')
  if (parseJson<{ alg?: string }>(fromBase64url(header)).alg !== 'ES256') throw new Error(`Not an ES256 VAPID token: ${authorization}`)
  const key = await crypto.subtle.importKey('raw', fromBase64url(publicKey), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify'])
  const valid = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, fromBase64url(signature), utf8.encode(`${header}.${claims}`))
  if (!valid) throw new Error('The VAPID signature does not verify with its k= key')
  return { publicKey, claims: parseJson<Vapid['claims']>(fromBase64url(claims)) }
}
