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

/** What Auth's Send Email Hook is given (supabase.com/docs/guides/auth/auth-hooks/send-email-hook). */
export interface SendEmailHookPayload {
  user: { id: string; email: string; user_metadata: Record<string, unknown> }
  email_data: { token: string; token_hash: string; redirect_to: string; email_action_type: MailType; site_url: string; token_new: string; token_hash_new: string }
}

/** Sends one of Auth's mails, as the hook does; throws when it could not. */
export type SendEmailHook = (payload: SendEmailHookPayload) => Promise<void>

/**
 * Auth's mail: kept in memory for /_dev/mail (its link and code, for tests and tools) and sent, as
 * GoTrue with a Send Email Hook does, through the hook (the auth-email function, which renders it in
 * the customer's language and delivers it to the mail catcher); without one (no catcher), only logged.
 */
export class MailOutbox {
  private readonly mails: Mail[] = []
  private hook: SendEmailHook | undefined

  constructor(private readonly print: (line: string) => void) {}

  /** The functions start after Auth: the hook is given once they run. */
  sendThrough(hook: SendEmailHook | undefined) {
    this.hook = hook
  }

  async send(mail: Omit<Mail, 'sentAt'>, hookPayload: SendEmailHookPayload) {
    this.mails.push({ ...mail, sentAt: new Date().toISOString() })
    this.print(`[mail] ${mail.type} → ${mail.to}: ${mail.subject}\n       ${mail.link}  (code ${mail.otp})`)
    await this.hook?.(hookPayload)
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
 * server sends it no CORS headers, so no web page can read it. Its Mail-Catcher header says where
 * the catcher answers (a stand-in on any free port: the e2e suite's).
 */
export function mailHandler(outbox: MailOutbox, catcherUrl: () => string | undefined) {
  return async (request: HttpRequest): Promise<HttpResponse> => {
    if (!addressedToLoopback(request) || !/^\/_dev\/mail\/?$/.test(request.url.pathname)) return json(404, { message: 'no Route matched with those values' })
    if (request.method === 'GET' || request.method === 'HEAD') {
      const catcher = catcherUrl()
      return json(200, outbox.list(), catcher ? { 'Mail-Catcher': catcher } : {})
    }
    if (request.method === 'DELETE') {
      outbox.clear()
      return noContent()
    }
    return json(405, { message: 'Use GET or DELETE' }, { Allow: 'GET, HEAD, DELETE' })
  }
}
