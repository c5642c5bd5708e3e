// The caught mail, kept in memory in the shapes of Mailpit's API v1 (the Supabase CLI's mail catcher),
// so tests and tools written against `supabase start` read the stand-in's the same way.
import { randomUUID } from 'node:crypto'

export interface MailAddress {
  Name: string
  Address: string
}

/** What is handed to the catcher: Mailpit's POST /api/v1/send body, in our own words. */
export interface OutgoingMail {
  from: MailAddress
  to: MailAddress[]
  subject: string
  text: string
  html?: string
  /** Extra headers (List-Unsubscribe, …). */
  headers?: Record<string, string>
}

export interface CaughtMessage {
  ID: string
  MessageID: string
  Read: boolean
  From: MailAddress
  To: MailAddress[]
  Cc: MailAddress[]
  Bcc: MailAddress[]
  ReplyTo: MailAddress[]
  ReturnPath: string
  Subject: string
  ListUnsubscribe: { Header: string; Links: string[]; Errors: string; HeaderPost: string }
  Date: string
  Tags: string[]
  Text: string
  HTML: string
  Size: number
  Inline: never[]
  Attachments: never[]
}

export type MessageSummary = Pick<CaughtMessage, 'ID' | 'MessageID' | 'Read' | 'From' | 'To' | 'Cc' | 'Bcc' | 'ReplyTo' | 'Subject' | 'Tags' | 'Size'> & {
  Created: string
  Attachments: number
  Snippet: string
}

const formatAddress = ({ Name, Address }: MailAddress) => (Name ? `"${Name.replace(/["\\]/g, '\\$&')}" <${Address}>` : `<${Address}>`)

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 250 ? `${flat.slice(0, 250)}...` : flat
}

export class CaughtMail {
  private readonly messages: { message: CaughtMessage; headers: Record<string, string[]> }[] = []
  /** An Idempotency-Key already caught, and its message: a retry catches nothing new. */
  private readonly keys = new Map<string, string>()

  catch(mail: OutgoingMail, idempotencyKey?: string): string {
    const known = idempotencyKey === undefined ? undefined : this.keys.get(idempotencyKey)
    if (known && this.messages.some(({ message }) => message.ID === known)) return known
    const id = randomUUID()
    const date = new Date().toISOString()
    const messageId = `${id}@mail.casillero.local`
    const unsubscribe = mail.headers?.['List-Unsubscribe'] ?? ''
    const headers: Record<string, string[]> = {
      Date: [new Date(date).toUTCString()],
      From: [formatAddress(mail.from)],
      To: [mail.to.map(formatAddress).join(', ')],
      Subject: [mail.subject],
      'Message-Id': [`<${messageId}>`],
      'Mime-Version': ['1.0'],
      'Content-Type': [mail.html ? 'multipart/alternative' : 'text/plain; charset=utf-8'],
      ...Object.fromEntries(Object.entries(mail.headers ?? {}).map(([name, value]) => [name, [value]])),
    }
    const html = mail.html ?? ''
    this.messages.push({
      headers,
      message: {
        ID: id,
        MessageID: messageId,
        Read: false,
        From: mail.from,
        To: mail.to,
        Cc: [],
        Bcc: [],
        ReplyTo: [],
        ReturnPath: mail.from.Address,
        Subject: mail.subject,
        ListUnsubscribe: { Header: unsubscribe, Links: [...unsubscribe.matchAll(/<([^>]*)>/g)].map((match) => match[1]!), Errors: '', HeaderPost: mail.headers?.['List-Unsubscribe-Post'] ?? '' },
        Date: date,
        Tags: [],
        Text: mail.text,
        HTML: html,
        Size: Buffer.byteLength(JSON.stringify(headers)) + Buffer.byteLength(mail.text) + Buffer.byteLength(html),
        Inline: [],
        Attachments: [],
      },
    })
    if (idempotencyKey !== undefined) this.keys.set(idempotencyKey, id)
    return id
  }

  /** Newest first, as Mailpit lists them. */
  summaries(filter: (message: CaughtMessage) => boolean = () => true): MessageSummary[] {
    return this.messages
      .map(({ message }) => message)
      .filter(filter)
      .reverse()
      .map(({ ID, MessageID, Read, From, To, Cc, Bcc, ReplyTo, Subject, Tags, Size, Date: created, Text }) => ({
        ID, MessageID, Read, From, To, Cc, Bcc, ReplyTo, Subject, Created: created, Tags, Size, Attachments: 0, Snippet: snippet(Text),
      }))
  }

  /** "latest" is the newest, as in Mailpit. Reading a message marks it read. */
  message(id: string): CaughtMessage | undefined {
    const found = id === 'latest' ? this.messages.at(-1) : this.messages.find(({ message }) => message.ID === id)
    if (found) found.message.Read = true
    return found?.message
  }

  headers(id: string): Record<string, string[]> | undefined {
    return (id === 'latest' ? this.messages.at(-1) : this.messages.find(({ message }) => message.ID === id))?.headers
  }

  unread(): number {
    return this.messages.filter(({ message }) => !message.Read).length
  }

  get total(): number {
    return this.messages.length
  }

  /** Deletes these, or all when none are named. */
  delete(ids?: string[]) {
    const doomed = ids && ids.length > 0 ? new Set(ids) : undefined
    for (let i = this.messages.length - 1; i >= 0; i--) {
      if (!doomed || doomed.has(this.messages[i]!.message.ID)) this.messages.splice(i, 1)
    }
    if (!doomed) this.keys.clear()
  }
}
