import type { Lang } from '@/i18n/locales'
import { getSupabase } from './client'
import { supabaseAnonKey, supabaseUrl } from './config'
import { timedFetch } from './fetch'
import { RefusedError } from './refused-error'
import { hasStoredSession } from './session-hint'

/** The server answered with an error of its own (5xx, or no JSON): nothing was refused, try again. */
export class ServerTroubleError extends Error {
  constructor(status: number) {
    super(`the server answered ${status}`)
    this.name = 'ServerTroubleError'
  }
}

/**
 * Calls a function the public forms use. A visitor's call is one plain request with the anon key (a
 * first visit does not load supabase-js for it); a signed-in user's goes with their session, so the
 * database knows who wrote. A refusal is a RefusedError (with its key), a server's own trouble a
 * ServerTroubleError; no answer at all throws as fetch does.
 */
async function callPublic<T>(name: string, args: Record<string, unknown>): Promise<T> {
  if (hasStoredSession()) {
    const { data, error, status } = await (await getSupabase()).rpc(name, args)
    if (!error) return data as T
    if (status === 0) throw new TypeError(error.message)
    throw status >= 500 ? new ServerTroubleError(status) : new RefusedError(error)
  }
  const response = await timedFetch(`${supabaseUrl}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: supabaseAnonKey, authorization: `Bearer ${supabaseAnonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  })
  const body: unknown = await response.json().catch(() => undefined)
  if (response.ok) return body as T
  if (response.status >= 500 || !body || typeof body !== 'object') throw new ServerTroubleError(response.status)
  throw new RefusedError(body as ConstructorParameters<typeof RefusedError>[0])
}

export interface ContactMessageInput {
  name: string
  email: string
  subject: string
  message: string
  /** The honeypot field, empty unless a bot filled it. */
  website: string
}

/** Sends the contact form; the acknowledgement is mailed in `lang` (a signed-in customer's own language instead). */
export const sendContactMessage = (input: ContactMessageInput, lang: Lang) =>
  callPublic<null>('send_contact_message', {
    p_name: input.name,
    p_email: input.email,
    p_subject: input.subject,
    p_body: input.message,
    p_lang: lang,
    p_website: input.website,
  })

export const subscribeNewsletter = (address: string, lang: Lang) => callPublic<null>('subscribe_newsletter', { p_address: address, p_lang: lang })

export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed'

export const confirmNewsletter = (token: string) => callPublic<NewsletterStatus>('confirm_newsletter', { p_token: token })
export const unsubscribeNewsletter = (token: string) => callPublic<NewsletterStatus>('unsubscribe_newsletter', { p_token: token })
