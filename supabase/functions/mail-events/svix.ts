// Resend signs its webhooks as Svix does: `svix-id`, `svix-timestamp` (Unix seconds) and
// `svix-signature` ("v1,<base64>", several separated by spaces while a secret is rotated), the
// signature an HMAC-SHA256 of "<id>.<timestamp>.<body>" keyed with the secret's bytes (`whsec_`
// then base64). Web Crypto only, so Deno and the stand-in's Node run the same code.
import { sameSecret } from '../_shared/http.ts'

/** How far a signature's timestamp may be from now, either way, before it is refused as stale. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60

export type Verdict = { ok: true; id: string } | { ok: false; error: 'signature_missing' | 'signature_stale' | 'signature_invalid' }

const encoder = new TextEncoder()

function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  const base64 = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
}

async function sign(secret: string, content: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', secretBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(content)))
  return btoa(String.fromCharCode(...mac))
}

/** The three headers for `body`, as Svix sends them (tests and benches sign with it). */
export async function svixHeaders(secret: string, id: string, body: string, at = new Date()): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(at.getTime() / 1000))
  return { 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': `v1,${await sign(secret, `${id}.${timestamp}.${body}`)}` }
}

/** Whether `body` came with a good, fresh signature of `secret`; `id` is the message's (the same on every redelivery). */
export async function verifySvix(secret: string, headers: Headers, body: string, now = Date.now()): Promise<Verdict> {
  const id = headers.get('svix-id')
  const timestamp = headers.get('svix-timestamp')
  const signatures = headers.get('svix-signature')
  if (!id || !timestamp || !signatures) return { ok: false, error: 'signature_missing' }
  const seconds = Number(timestamp)
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - seconds) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, error: 'signature_stale' }
  const expected = await sign(secret, `${id}.${timestamp}.${body}`)
  const given = signatures.split(' ').flatMap((entry) => (entry.startsWith('v1,') ? [entry.slice(3)] : []))
  return given.some((signature) => sameSecret(signature, expected)) ? { ok: true, id } : { ok: false, error: 'signature_invalid' }
}

