// renderMail: one mail of any kind, in the reader's language, as its subject, HTML part and plain-text
// part. The same code runs in the hosted Edge Functions (Deno) and in the stand-in (Node).
import type { MailContent } from './content.ts'
import { isMailLang, mailI18n, type MailLang } from './i18n.ts'
import { MAIL_KINDS, type MailKind, type Payload } from './kinds.ts'
import { mailHtml, mailText } from './layout.ts'
import { common, reasons } from './messages.ts'

export interface RenderMailInput {
  kind: string
  lang: MailLang
  payload: Payload
  /** The app's address (SITE_URL): every link is under it. */
  siteUrl: string
  /** The app's page that turns this kind of mail off: the footer links to it. */
  unsubscribePageUrl?: string
}

export interface RenderedMail {
  subject: string
  html: string
  text: string
}

/** A kind no template is written for: the mail cannot be sent as it is. */
export class UnknownMailKind extends Error {}

export function isMailKind(kind: string): kind is MailKind {
  return Object.hasOwn(MAIL_KINDS, kind)
}

export function renderMail({ kind, lang, payload, siteUrl, unsubscribePageUrl }: RenderMailInput): RenderedMail {
  if (!isMailKind(kind)) throw new UnknownMailKind(`No template for mail of kind ${kind}`)
  if (!isMailLang(lang)) throw new UnknownMailKind(`No mail in language ${String(lang)}`)
  const i18n = mailI18n(lang)
  const site = siteUrl.replace(/\/+$/, '')
  const template = MAIL_KINDS[kind]
  const content: MailContent = {
    ...template.content({ i18n, lang, payload, siteUrl: site, appUrl: (path) => `${site}/${lang}${path ? `/${path}` : ''}` }),
    reason: i18n._(reasons[template.reason]),
  }
  const footer = {
    fallbackLink: i18n._(common.fallbackLink),
    ...(unsubscribePageUrl && { unsubscribe: { label: i18n._(common.stopThese), url: unsubscribePageUrl } }),
  }
  return { subject: content.subject, html: mailHtml(content, footer, lang), text: mailText(content, footer) }
}
