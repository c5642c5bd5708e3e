import { supabaseUrl } from './config'

/** What the unsubscribe function did: the kind of mail, now off or on again. */
export interface MailLinkAnswer {
  kind: string
  mail: 'off' | 'on'
}

/** bad: the link is not ours (or was changed); unreachable: worth trying again. */
export class MailLinkError extends Error {
  constructor(readonly reason: 'bad' | 'unreachable') {
    super(`The unsubscribe link could not be followed (${reason})`)
    this.name = 'MailLinkError'
  }
}

/**
 * A mail's unsubscribe link followed from the app's page: its kind of mail off, or on again (undo). No
 * session: the link's signed token is the function's authority (supabase/functions/unsubscribe).
 */
export async function followMailLink(token: string, undo: boolean): Promise<MailLinkAnswer> {
  let response: Response
  try {
    response = await fetch(`${supabaseUrl}/functions/v1/unsubscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, undo }) })
  } catch {
    throw new MailLinkError('unreachable')
  }
  if (response.status === 400) throw new MailLinkError('bad')
  if (!response.ok) throw new MailLinkError('unreachable')
  return (await response.json()) as MailLinkAnswer
}
