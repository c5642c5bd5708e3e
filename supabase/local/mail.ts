import type { HttpRequest, HttpResponse } from './http'
import { json, noContent } from './http'

export type MailType = 'signup' | 'recovery' | 'magiclink'

export interface Mail {
  to: string
  subject: string
  link: string
  /** The 6-digit code GoTrue mails next to the link (for verifyOtp with email + token). */
  otp: string
  type: MailType
  sentAt: string
}

/** The mail the stand-in would send, kept in memory like the CLI's mail catcher. */
export class MailOutbox {
  private readonly mails: Mail[] = []

  constructor(private readonly print: (line: string) => void) {}

  send(mail: Omit<Mail, 'sentAt'>) {
    this.mails.push({ ...mail, sentAt: new Date().toISOString() })
    this.print(`[mail] ${mail.type} → ${mail.to}: ${mail.subject}\n       ${mail.link}  (code ${mail.otp})`)
  }

  /** Oldest first. */
  list(): Mail[] {
    return [...this.mails]
  }

  clear() {
    this.mails.length = 0
  }
}

/** GET /_dev/mail lists the outbox; DELETE /_dev/mail empties it. */
export function mailHandler(outbox: MailOutbox) {
  return async (request: HttpRequest): Promise<HttpResponse> => {
    if (request.method === 'GET') return json(200, outbox.list())
    if (request.method === 'DELETE') {
      outbox.clear()
      return noContent()
    }
    return json(405, { message: 'Use GET or DELETE' })
  }
}
