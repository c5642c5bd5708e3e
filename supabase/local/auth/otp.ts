import { createHash, randomInt } from 'node:crypto'

/** How long mailed links and codes stay valid (GoTrue's MAILER_OTP_EXP default). */
export const OTP_VALID_SECONDS = 3600

export interface MailedToken {
  /** The 6-digit code shown in the mail. */
  otp: string
  /** What is stored in auth.users and put in the link: hex(sha224(email + otp)), as GoTrue does. */
  hash: string
}

export function tokenHash(email: string, otp: string): string {
  return createHash('sha224').update(email + otp).digest('hex')
}

export function newMailedToken(email: string): MailedToken {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
  return { otp, hash: tokenHash(email, otp) }
}

export function isFresh(sentAt: Date | null, now = Date.now()): boolean {
  return sentAt !== null && now - sentAt.getTime() <= OTP_VALID_SECONDS * 1000
}
