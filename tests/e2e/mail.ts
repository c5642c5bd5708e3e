import { expect, type APIRequestContext } from '@playwright/test'
import { backendUrl } from './backend'

/** A caught mail as the catcher's API (Mailpit's v1) gives it. */
export interface CaughtMessage {
  ID: string
  Subject: string
  Text: string
  HTML: string
}

let catcherUrl: string | undefined

/** Where the e2e stand-in's mail catcher answers: on a free port, which its dev mailbox names. */
async function mailCatcherUrl(request: APIRequestContext): Promise<string> {
  if (!catcherUrl) {
    const url = (await request.get(`${backendUrl}/_dev/mail`)).headers()['mail-catcher']
    if (!url) throw new Error('The stand-in runs no mail catcher (SUPABASE_LOCAL_DEV_MAIL=off?)')
    catcherUrl = url
  }
  return catcherUrl
}

/** Every mail caught for `address`, newest first (subjects and ids). */
export async function mailsTo(request: APIRequestContext, address: string): Promise<{ ID: string; Subject: string }[]> {
  const api = await mailCatcherUrl(request)
  return ((await (await request.get(`${api}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`)).json()) as { messages: { ID: string; Subject: string }[] }).messages
}

/** A caught mail's headers, as Mailpit gives them (each name to its values). */
export async function caughtHeaders(request: APIRequestContext, message: CaughtMessage): Promise<Record<string, string[]>> {
  return (await (await request.get(`${await mailCatcherUrl(request)}/api/v1/message/${message.ID}/headers`)).json()) as Record<string, string[]>
}

/** Waits for the newest mail to `address` whose subject matches, and reads it whole. */
export async function caughtMail(request: APIRequestContext, address: string, subject: RegExp): Promise<CaughtMessage> {
  let id: string | undefined
  await expect
    .poll(async () => {
      const found = await mailsTo(request, address)
      id = found.find((message) => subject.test(message.Subject))?.ID
      return found.map((message) => message.Subject)
    }, { message: `a mail to ${address} with the subject ${subject}` })
    .toContainEqual(expect.stringMatching(subject))
  return (await (await request.get(`${await mailCatcherUrl(request)}/api/v1/message/${id!}`)).json()) as CaughtMessage
}

/** The links of a mail's HTML part, in order. */
export const linksOf = (message: CaughtMessage) => [...message.HTML.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'))
