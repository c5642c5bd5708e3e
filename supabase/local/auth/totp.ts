// RFC 6238 TOTP as GoTrue checks it (pquerna/otp: SHA-1, 6 digits, 30-second steps, one step of
// skew either way), with secrets in unpadded RFC 4648 base32 as authenticator apps read them.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export const TOTP_PERIOD_SECONDS = 30
const DIGITS = 6
const SKEW_STEPS = 1
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** A new secret of 20 random bytes (pquerna/otp's default size), in base32. */
export function newTotpSecret(): string {
  let bits = ''
  for (const byte of randomBytes(20)) bits += byte.toString(2).padStart(8, '0')
  return bits.match(/.{5}/g)!.map((chunk) => ALPHABET[parseInt(chunk, 2)]).join('')
}

function base32Bytes(secret: string): Buffer {
  let bits = ''
  for (const char of secret.toUpperCase().replace(/=+$/, '')) bits += ALPHABET.indexOf(char).toString(2).padStart(5, '0')
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)))
}

export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS)

/** The code of one time step (RFC 4226's dynamic truncation). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const hmac = createHmac('sha1', base32Bytes(secret)).update(counter).digest()
  const offset = hmac[hmac.length - 1]! & 0xf
  const value = hmac.readUInt32BE(offset) & 0x7fffffff
  return String(value % 10 ** DIGITS).padStart(DIGITS, '0')
}

/** The time step whose code `code` is, within the skew around now; undefined when none. */
export function matchingTotpStep(secret: string, code: string, nowMs: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined
  const now = totpStep(nowMs)
  for (let step = now - SKEW_STEPS; step <= now + SKEW_STEPS; step++) {
    if (timingSafeEqual(Buffer.from(totpCode(secret, step)), Buffer.from(code))) return step
  }
  return undefined
}
