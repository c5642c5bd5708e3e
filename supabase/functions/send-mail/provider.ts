// One small interface for whoever delivers the mail, and its two providers: Resend's HTTP API (the
// default on a hosted project: Edge Functions may not open SMTP ports) and Mailpit's HTTP send (the
// stand-in's mail catcher, or `supabase start`'s Mailpit). Each attempt at one mail carries the same
// Idempotency-Key, so a retry after a lost answer is not a second mail.

export interface MailMessage {
  from: string
  to: string
  subject: string
  text: string
  html: string
  headers?: Record<string, string>
}

export type SendOutcome =
  | { ok: true; providerId: string }
  /** retry: worth trying again later (a timeout, 429, 5xx); otherwise the provider refused it for good. */
  | { ok: false; retry: boolean; error: string }

export interface MailProvider {
  send(message: MailMessage, idempotencyKey: string): Promise<SendOutcome>
}

/** "Name <address>" or a bare address, split for providers that take them apart. */
export function parseMailbox(mailbox: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailbox)
  return match ? { name: match[1]!.trim(), address: match[2]!.trim() } : { name: '', address: mailbox.trim() }
}

interface Post {
  url: string
  headers: Record<string, string>
  body: unknown
  /** Where the provider's answer keeps the mail's id. */
  idOf: (answer: Record<string, unknown>) => unknown
  timeoutMs: number
}

async function post({ url, headers, body, idOf, timeoutMs }: Post): Promise<SendOutcome> {
  let response: Response
  try {
    response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    return { ok: false, retry: true, error: timedOut ? `No answer within ${timeoutMs} ms` : `Not reached: ${String(error)}` }
  }
  const text = await response.text().catch(() => '')
  if (!response.ok) {
    // 409 from Resend: the same key is still being handled (concurrent) or was used for another mail (invalid).
    const retry = response.status === 429 || response.status >= 500 || (response.status === 409 && text.includes('concurrent'))
    return { ok: false, retry, error: `HTTP ${response.status}: ${text.slice(0, 500)}` }
  }
  let id: unknown
  try {
    id = idOf(JSON.parse(text) as Record<string, unknown>)
  } catch {
    id = undefined
  }
  return typeof id === 'string' && id ? { ok: true, providerId: id } : { ok: false, retry: true, error: `The provider answered ${response.status} without an id: ${text.slice(0, 200)}` }
}

/** Resend: POST /emails with the API key; its answer's `id`. */
export function resendProvider({ apiKey, baseUrl = 'https://api.resend.com', timeoutMs = 10_000 }: { apiKey: string; baseUrl?: string; timeoutMs?: number }): MailProvider {
  return {
    send: (message, idempotencyKey) =>
      post({
        url: `${baseUrl.replace(/\/+$/, '')}/emails`,
        headers: { Authorization: `Bearer ${apiKey}`, 'Idempotency-Key': idempotencyKey },
        body: { from: message.from, to: [message.to], subject: message.subject, text: message.text, html: message.html, headers: message.headers },
        idOf: (answer) => answer.id,
        timeoutMs,
      }),
  }
}

/** Mailpit's POST /api/v1/send; its answer's `ID`. */
export function mailpitProvider({ url, timeoutMs = 10_000 }: { url: string; timeoutMs?: number }): MailProvider {
  return {
    send: (message, idempotencyKey) => {
      const from = parseMailbox(message.from)
      return post({
        url: `${url.replace(/\/+$/, '')}/api/v1/send`,
        headers: { 'Idempotency-Key': idempotencyKey },
        body: { From: { Email: from.address, Name: from.name }, To: [{ Email: message.to }], Subject: message.subject, Text: message.text, HTML: message.html, Headers: message.headers ?? {} },
        idOf: (answer) => answer.ID,
        timeoutMs,
      })
    },
  }
}
