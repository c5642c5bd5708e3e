// A mail's one-click unsubscribe (RFC 8058): the token that turns one kind of mail off for one
// customer, the unsubscribe function's URL a mail client POSTs to, and the app's page the mail's
// footer links to (it says what was turned off and offers to undo it).
import { signLink, verifyLink } from './signed-link.ts'

const PURPOSE = 'unsubscribe'

export interface Unsubscription {
  userId: string
  kind: string
}

export function unsubscribeToken(secret: string, { userId, kind }: Unsubscription): Promise<string> {
  return signLink(secret, PURPOSE, [userId, kind])
}

export async function readUnsubscribeToken(secret: string, token: string): Promise<Unsubscription | undefined> {
  const fields = await verifyLink(secret, PURPOSE, token, 2)
  return fields && { userId: fields[0]!, kind: fields[1]! }
}

/** The unsubscribe function, under the project's URL (SUPABASE_URL). */
export const unsubscribeFunctionUrl = (supabaseUrl: string, token: string) => `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/unsubscribe?token=${encodeURIComponent(token)}`

/** The app's page, in the mail's language. */
export const unsubscribePageUrl = (siteUrl: string, lang: string, token: string) => `${siteUrl.replace(/\/+$/, '')}/${lang}/unsubscribe?token=${encodeURIComponent(token)}`
