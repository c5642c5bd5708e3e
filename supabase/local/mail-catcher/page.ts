// The catcher's pages: the mails caught, newest first, and one mail (its text, and its HTML in a
// sandboxed frame that runs no script and loads nothing remote).
import type { HttpResponse } from '../http'
import type { CaughtMessage, MessageSummary } from './messages'

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** Inline styles only; the mail's HTML inherits it, so remote images and scripts stay out. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'"

function page(title: string, body: string): HttpResponse {
  return {
    status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff' },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font:15px/1.4 system-ui,sans-serif;margin:2rem;max-width:60rem}td,th{padding:.3rem .6rem;text-align:left;border-bottom:1px solid #ddd}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}iframe{width:100%;height:32rem;border:1px solid #ddd}</style>
</head><body>${body}</body></html>`,
  }
}

const addresses = (list: { Name: string; Address: string }[]) => escape(list.map((to) => to.Address).join(', '))

export function listPage(messages: MessageSummary[]): HttpResponse {
  const rows = messages
    .map((m) => `<tr><td>${escape(m.Created)}</td><td>${addresses(m.To)}</td><td><a href="/view/${encodeURIComponent(m.ID)}">${escape(m.Subject || '(no subject)')}</a></td></tr>`)
    .join('')
  return page(
    'Mail caught by the local backend',
    `<h1>Mail caught by the local backend</h1><p>${messages.length} message(s), newest first. Nothing here left this machine. API: <code>/api/v1/messages</code>.</p>
<table><thead><tr><th>When</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`,
  )
}

export function messagePage(message: CaughtMessage): HttpResponse {
  const html = message.HTML ? `<h2>HTML</h2><iframe sandbox title="HTML part" srcdoc="${escape(message.HTML)}"></iframe>` : ''
  return page(
    message.Subject,
    `<p><a href="/">All mail</a></p><h1>${escape(message.Subject)}</h1>
<p>From ${addresses([message.From])} to ${addresses(message.To)}, ${escape(message.Date)}</p>
<h2>Text</h2><pre>${escape(message.Text)}</pre>${html}`,
  )
}
