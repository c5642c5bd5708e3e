// Standard Webhooks' signature (standardwebhooks.com), as Supabase Auth's hooks sign their calls:
// `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature` ("v1,<base64>", several
// separated by spaces while a secret is rotated), an HMAC-SHA256 of "<id>.<timestamp>.<body>" keyed
// with the secret's bytes. The dashboard's secret reads "v1,whsec_<base64>". Svix (which signs
// Resend's webhooks) is the same scheme under `svix-` headers: the `prefix`. Web Crypto only, so Deno
// and the stand-in's Node run the same code.
import { sameSecret } from './http.ts'

/** How far a signature's timestamp may be from now, either way, before it is refused as stale. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60

export type WebhookVerdict = { ok: true; id: string } | { ok: false; error: 'signature_missing' | 'signature_stale' | 'signature_invalid' }

const encoder = new TextEncoder()

function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  const base64 = secret.replace(/^v1,/, '').replace(/^whsec_/, '')
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
}

async function sign(secret: string, content: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', secretBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(content)))
  return btoa(String.fromCharCode(...mac))
}

/** Whose headers: Standard Webhooks' (Auth's hooks) or Svix's (Resend's webhooks). */
export type WebhookHeaders = 'webhook' | 'svix'

/** The three headers for `body`, as Auth (or Svix) sends them (the stand-in's Auth and tests sign with it). */
export async function signWebhook(secret: string, id: string, body: string, at = new Date(), prefix: WebhookHeaders = 'webhook'): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(at.getTime() / 1000))
  return { [`${prefix}-id`]: id, [`${prefix}-timestamp`]: timestamp, [`${prefix}-signature`]: `v1,${await sign(secret, `${id}.${timestamp}.${body}`)}` }
}

/** Whether `body` came with a good, fresh signature of `secret`. */
export async function verifyWebhook(secret: string, headers: Headers, body: string, now = Date.now(), prefix: WebhookHeaders = 'webhook'): Promise<WebhookVerdict> {
  const id = headers.get(`${prefix}-id`)
  const timestamp = headers.get(`${prefix}-timestamp`)
  const signatures = headers.get(`${prefix}-signature`)
  if (!id || !timestamp || !signatures) return { ok: false, error: 'signature_missing' }
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, error: 'signature_stale' }
  let expected: string
  try {
    expected = await sign(secret, `${id}.${timestamp}.${body}`)
  } catch {
    return { ok: false, error: 'signature_invalid' }
  }
  const given = signatures.split(' ').flatMap((entry) => (entry.startsWith('v1,') ? [entry.slice(3)] : []))
  return given.some((signature) => sameSecret(signature, expected)) ? { ok: true, id } : { ok: false, error: 'signature_invalid' }
}
