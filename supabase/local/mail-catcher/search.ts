// Mailpit's search syntax, the part tests use: `to:"ana@example.com"`, `from:`, `subject:` and bare
// words (in the subject or the text), each quoted or not, all of which must match; case-insensitive.
import type { CaughtMessage, MailAddress } from './messages'

const TERM = /(?:(to|from|subject):)?(?:"([^"]*)"|(\S+))/gi

const mentions = (addresses: MailAddress[], needle: string) => addresses.some(({ Name, Address }) => `${Name} <${Address}>`.toLowerCase().includes(needle))

export function matcher(query: string): (message: CaughtMessage) => boolean {
  const terms = [...query.matchAll(TERM)].map((match) => ({ field: match[1]?.toLowerCase(), needle: (match[2] ?? match[3] ?? '').toLowerCase() }))
  return (message) =>
    terms.every(({ field, needle }) => {
      if (field === 'to') return mentions(message.To, needle)
      if (field === 'from') return mentions([message.From], needle)
      if (field === 'subject') return message.Subject.toLowerCase().includes(needle)
      return message.Subject.toLowerCase().includes(needle) || message.Text.toLowerCase().includes(needle)
    })
}
