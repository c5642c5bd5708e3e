// Links in mail that act without a session: a token naming what the link is for (its purpose) and for
// whom (its fields), signed with HMAC-SHA256 under MAIL_LINK_SECRET. It never expires (an unsubscribe
// link in a mail from last year still works); changing the secret, or the version below, voids every
// link signed before. Web Crypto only, so Deno and Node run it alike.
import { required, type Env } from './env.ts'

/** Part of what is signed: raising it voids every link signed before. */
const VERSION = '1'

const encoder = new TextEncoder()
const decoder = new TextDecoder('utf-8', { fatal: true })

function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined
  try {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0))
  } catch {
    return undefined
  }
}

/** The secret links are signed with: MAIL_LINK_SECRET (`supabase secrets set` on a hosted project). */
export function mailLinkSecret(env: Env): string {
  return required(env, 'MAIL_LINK_SECRET')
}

const hmacKey = (secret: string) => crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
/** The purpose is signed too, so a token made for one kind of link is no token for another. */
const signedText = (purpose: string, body: string) => encoder.encode(`${purpose}:${body}`)

/** `<version>.<field>….<signature>`, each part base64url: safe in a URL as it is. */
export async function signLink(secret: string, purpose: string, fields: readonly string[]): Promise<string> {
  const body = [VERSION, ...fields.map((field) => base64url(encoder.encode(field)))].join('.')
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), signedText(purpose, body)))
  return `${body}.${base64url(signature)}`
}

/** The fields of a token signed for `purpose` with `secret`; undefined for anything else, whatever is wrong with it. */
export async function verifyLink(secret: string, purpose: string, token: string, fieldCount: number): Promise<string[] | undefined> {
  const parts = token.split('.')
  if (parts.length !== fieldCount + 2 || parts[0] !== VERSION) return undefined
  const signature = fromBase64url(parts.at(-1)!)
  if (!signature) return undefined
  const body = parts.slice(0, -1).join('.')
  // verify compares in constant time.
  if (!(await crypto.subtle.verify('HMAC', await hmacKey(secret), signature, signedText(purpose, body)))) return undefined
  try {
    return parts.slice(1, -1).map((part) => decoder.decode(fromBase64url(part)))
  } catch {
    return undefined
  }
}
