// A mail's HTML and plain-text parts, laid out from its content: a single-column table with inline
// styles (mail clients drop <style> and ignore most CSS), no images, colours that read in light and
// dark mode (every text colour sits on a background of its own), and a footer with the business's
// address and why the reader gets it. Everything from data is escaped here.
import { business, businessAddress } from './business.ts'
import type { MailContent, MailFact } from './content.ts'
import type { MailLang } from './i18n.ts'

export interface MailFooter {
  fallbackLink: string
  /** "Stop these e-mails" and where that page is. */
  unsubscribe?: { label: string; url: string }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!)
}

const FONT = "font-family:Arial,Helvetica,sans-serif;"
const BRAND = '#1e40af'
const INK = '#1f2937'
const MUTED = '#4b5563'

function factRows(facts: MailFact[]): string {
  return facts
    .map(({ label, value }) => `<tr><td style="${FONT}padding:4px 12px 4px 0;color:${MUTED};font-size:14px;vertical-align:top;">${escapeHtml(label)}</td><td style="${FONT}padding:4px 0;color:${INK};font-size:14px;font-weight:bold;">${escapeHtml(value)}</td></tr>`)
    .join('')
}

function factTables(groups: MailFact[][]): string {
  return groups
    .map((facts) => `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-left:3px solid ${BRAND};padding-left:12px;">${factRows(facts)}</table>`)
    .join('')
}

const paragraph = (text: string, style = '') => `<p style="${FONT}margin:0 0 16px;font-size:16px;line-height:1.5;color:${INK};${style}">${escapeHtml(text)}</p>`

export function mailHtml(content: MailContent, footer: MailFooter, lang: MailLang): string {
  const quote = content.quote
    ? `${paragraph(content.quote.label, `font-weight:bold;`)}<div style="${FONT}margin:0 0 16px;padding:12px;background:#f3f4f6;color:${INK};font-size:15px;line-height:1.5;white-space:pre-wrap;">${escapeHtml(content.quote.text)}</div>`
    : ''
  const action = content.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px;"><tr><td style="background:${BRAND};border-radius:6px;"><a href="${escapeHtml(content.action.url)}" style="${FONT}display:inline-block;padding:12px 20px;color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;">${escapeHtml(content.action.label)}</a></td></tr></table>` +
      (content.afterAction ? paragraph(content.afterAction) : '') +
      `<p style="${FONT}margin:0 0 16px;font-size:13px;line-height:1.5;color:${MUTED};">${escapeHtml(footer.fallbackLink)}<br><a href="${escapeHtml(content.action.url)}" style="color:${BRAND};word-break:break-all;">${escapeHtml(content.action.url)}</a></p>`
    : ''
  const unsubscribe = footer.unsubscribe ? `<br><a href="${escapeHtml(footer.unsubscribe.url)}" style="color:${MUTED};">${escapeHtml(footer.unsubscribe.label)}</a>` : ''
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;">
<tr><td style="${FONT}padding:16px 24px;background:${BRAND};color:#ffffff;font-size:18px;font-weight:bold;border-radius:8px 8px 0 0;">${escapeHtml(business.name)}</td></tr>
<tr><td style="padding:24px;background:#ffffff;">
<h1 style="${FONT}margin:0 0 16px;font-size:22px;line-height:1.3;color:${INK};">${escapeHtml(content.subject)}</h1>
${content.paragraphs.map((text) => paragraph(text)).join('')}${factTables(content.facts)}${quote}${action}
</td></tr>
<tr><td style="${FONT}padding:16px 24px;background:#ffffff;border-top:1px solid #e5e7eb;color:${MUTED};font-size:12px;line-height:1.5;border-radius:0 0 8px 8px;">${escapeHtml(content.reason)}<br>${escapeHtml(`${business.name} · ${businessAddress} · ${business.phone}`)}${unsubscribe}</td></tr>
</table>
</td></tr></table>
</body></html>
`
}

export function mailText(content: MailContent, footer: MailFooter): string {
  const blocks: string[] = [content.subject, ...content.paragraphs]
  for (const facts of content.facts) blocks.push(facts.map(({ label, value }) => `${label}: ${value}`).join('\n'))
  if (content.quote) blocks.push(`${content.quote.label}:\n${content.quote.text}`)
  if (content.action) blocks.push(`${content.action.label}: ${content.action.url}`)
  if (content.afterAction) blocks.push(content.afterAction)
  const footerLines = ['--', content.reason, `${business.name} · ${businessAddress} · ${business.phone}`]
  if (footer.unsubscribe) footerLines.push(`${footer.unsubscribe.label}: ${footer.unsubscribe.url}`)
  blocks.push(footerLines.join('\n'))
  return `${blocks.join('\n\n')}\n`
}
