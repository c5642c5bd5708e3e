import type { HttpRequest, HttpResponse } from './http'
import { json, noContent } from './http'
import type { CaughtMail } from './mail-catcher/messages'

/** Who Auth's mail comes from. */
export const AUTH_SENDER = { Name: 'Casillero Miami', Address: 'no-reply@casilleromiami.com' }

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

/** Auth's mail, kept in memory for /_dev/mail and caught by the mail catcher (when it runs) like any other. */
export class MailOutbox {
  private readonly mails: Mail[] = []

  constructor(
    private readonly print: (line: string) => void,
    private readonly catcher?: CaughtMail,
  ) {}

  send(mail: Omit<Mail, 'sentAt'>) {
    this.mails.push({ ...mail, sentAt: new Date().toISOString() })
    this.catcher?.catch({ from: AUTH_SENDER, to: [{ Name: '', Address: mail.to }], subject: mail.subject, text: `${mail.link}\n\nCode: ${mail.otp}\n` })
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

const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i

/**
 * Whether the request was addressed to this machine by a loopback name. A page that rebinds its
 * own host name to 127.0.0.1 still sends that name as Host, so it is turned away.
 */
export function addressedToLoopback(request: HttpRequest): boolean {
  return LOOPBACK_HOST.test(request.header('host') ?? '') && LOOPBACK_HOST.test(request.url.host)
}

/**
 * GET /_dev/mail lists the outbox; DELETE /_dev/mail empties it. It needs no key, so it answers
 * only requests addressed to a loopback host (anything else: 404, as if it did not exist); the
 * server sends it no CORS headers, so no web page can read it.
 */
export function mailHandler(outbox: MailOutbox) {
  return async (request: HttpRequest): Promise<HttpResponse> => {
    if (!addressedToLoopback(request) || !/^\/_dev\/mail\/?$/.test(request.url.pathname)) return json(404, { message: 'no Route matched with those values' })
    if (request.method === 'GET' || request.method === 'HEAD') return json(200, outbox.list())
    if (request.method === 'DELETE') {
      outbox.clear()
      return noContent()
    }
    return json(405, { message: 'Use GET or DELETE' }, { Allow: 'GET, HEAD, DELETE' })
  }
}
