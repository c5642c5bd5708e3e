// Every kind of mail rendered in both languages with the real compiled catalogs: all words in the
// reader's language, links absolute and to the app's real screens, the footer there, data escaped.
import { describe, expect, it } from 'vitest'
import { businessAddress as siteAddress, businessInfo } from '@/components/business-info'
import { business, businessAddress } from '../../supabase/functions/_shared/mail/business'
import { messages as enCatalog } from '../../supabase/functions/_shared/mail/catalogs/en'
import { messages as esCatalog } from '../../supabase/functions/_shared/mail/catalogs/es'
import type { MailLang } from '../../supabase/functions/_shared/mail/i18n'
import { MAIL_KINDS, type MailKind } from '../../supabase/functions/_shared/mail/kinds'
import { renderMail, UnknownMailKind } from '../../supabase/functions/_shared/mail/render'

const SITE = 'https://app.example.com'
const HOSTILE = '<script>alert("x")</script> & \'quotes\''
const VERIFY = 'https://project.supabase.co/auth/v1/verify?token=abc123&type=recovery&redirect_to=https%3A%2F%2Fapp.example.com%2Fes%2Freset-password'

const payloads: Record<MailKind, Record<string, unknown>> = {
  package_received: { gathered: false, packages: [{ package_id: 'p1', tracking_code: `1Z${HOSTILE}`, status: 'recibido', prealert: { id: 'a1', store: `Shop ${HOSTILE}`, description: 'Zx-42' } }] },
  package_delivered: { package_id: 'p1', tracking_code: 'TRK-9', status: 'entregado' },
  storage_ending: { package_id: 'p1', tracking_code: 'TRK-9', last_free_day: '2026-12-03', days_left: 3, fee_cents_per_day: 150 },
  storage_last_day: { package_id: 'p1', tracking_code: 'TRK-9', last_free_day: '2026-12-03', days_left: 0, fee_cents_per_day: 150 },
  shipment_awaiting_approval: { shipment_id: 's-1', status: 'awaiting_approval', final_cents: 123450 },
  charge_due: { shipment_id: 's-1', amount_cents: 4999 },
  payment_received: { entry_id: 'e-7', amount_cents: 123450, receipt_number: 1042 },
  shipment_shipped: { shipment_id: 's-1', status: 'shipped', carrier: `DHL ${HOSTILE}`, outbound_tracking: 'OUT-77' },
  shipment_delivered: { shipment_id: 's-1', carrier: 'DHL', outbound_tracking: 'OUT-77' },
  contact_received: { message_id: 'm-1', subject: `Zx ${HOSTILE}`, body_excerpt: `Line one\nLine two ${HOSTILE}` },
  contact_answered: { message_id: 'm-1', subject: 'Zx', answer: `Qq\n${HOSTILE}` },
  newsletter_confirm: { confirm_path: '/es/newsletter/confirm?token=t%2B1' },
  account_signup: { url: VERIFY, code: '123456' },
  account_recovery: { url: VERIFY, code: '123456' },
  account_email_change: { url: VERIFY, code: '123456', email: 'old@example.com', new_email: 'new@example.com' },
  account_magiclink: { url: VERIFY, code: '123456' },
  account_invite: { url: VERIFY },
}

/** Where each kind's button leads. */
const actions: Record<MailKind, (lang: MailLang) => string> = {
  package_received: (lang) => `${SITE}/${lang}/dashboard`,
  package_delivered: (lang) => `${SITE}/${lang}/dashboard`,
  storage_ending: (lang) => `${SITE}/${lang}/dashboard/shipments/new`,
  storage_last_day: (lang) => `${SITE}/${lang}/dashboard/shipments/new`,
  shipment_awaiting_approval: (lang) => `${SITE}/${lang}/dashboard/shipments/s-1`,
  charge_due: (lang) => `${SITE}/${lang}/dashboard/account/statement`,
  payment_received: (lang) => `${SITE}/${lang}/dashboard/account/receipts/e-7`,
  shipment_shipped: (lang) => `${SITE}/${lang}/dashboard/shipments/s-1`,
  shipment_delivered: (lang) => `${SITE}/${lang}/dashboard/shipments/s-1`,
  contact_received: (lang) => `${SITE}/${lang}`,
  contact_answered: (lang) => `${SITE}/${lang}/dashboard/messages`,
  newsletter_confirm: () => `${SITE}/es/newsletter/confirm?token=t%2B1`,
  account_signup: () => VERIFY,
  account_recovery: () => VERIFY,
  account_email_change: () => VERIFY,
  account_magiclink: () => VERIFY,
  account_invite: () => VERIFY,
}

/** The words of a text, the business's name left out (it is the same in both languages). */
const wordsOf = (text: string) => text.replaceAll(business.name, '').toLowerCase().match(/\p{L}{4,}/gu) ?? []

/** The words of a compiled catalog (its text, placeholders and plural keys left out). */
function catalogWords(catalog: Record<string, unknown>): Set<string> {
  const words = new Set<string>()
  const walk = (part: unknown) => {
    if (typeof part === 'string') {
      for (const word of wordsOf(part)) words.add(word)
    } else if (Array.isArray(part)) {
      // A placeholder is [name] or [name, format, cases]: its name is no word of the language.
      if (typeof part[0] === 'string' && part.length <= 3 && (part.length === 1 || typeof part[1] === 'string')) {
        for (const value of Object.values((part[2] as Record<string, unknown> | undefined) ?? {})) walk(value)
      } else part.forEach((each) => walk(each))
    }
  }
  Object.values(catalog).forEach((message) => walk(message))
  return words
}

const esWords = catalogWords(esCatalog)
const enWords = catalogWords(enCatalog)
/** Words only the other language says: none may be in a mail. */
const foreign: Record<MailLang, string[]> = { es: [...enWords].filter((word) => !esWords.has(word)), en: [...esWords].filter((word) => !enWords.has(word)) }

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'))

describe('renderMail', () => {
  const kinds = Object.keys(MAIL_KINDS) as MailKind[]

  it('knows, for the words check, enough of each language', () => {
    expect(foreign.es).toEqual(expect.arrayContaining(['package', 'receipt', 'shipment', 'storage']))
    expect(foreign.en).toEqual(expect.arrayContaining(['paquete', 'recibo', 'envío', 'almacenamiento']))
  })

  for (const lang of ['es', 'en'] as const) {
    for (const kind of kinds) {
      it(`renders ${kind} in ${lang}: every word in ${lang}, links absolute, the footer, data escaped`, () => {
        const mail = renderMail({ kind, lang, payload: payloads[kind], siteUrl: `${SITE}/` })
        expect(mail.subject.trim()).not.toBe('')
        expect(mail.html).toContain(`<html lang="${lang}">`)

        // The links' paths are the app's, the same in both languages.
        expect(wordsOf(`${mail.subject} ${mail.text}`.replace(/https?:\/\/\S+/g, '')).filter((word) => foreign[lang].includes(word))).toEqual([])

        expect(hrefs(mail.html)).toEqual([actions[kind](lang), actions[kind](lang)])
        expect(mail.text).toContain(actions[kind](lang))

        for (const part of [mail.html, mail.text]) {
          expect(part).toContain(businessAddress)
          expect(part).toContain(business.phone)
        }
        expect(mail.html).not.toMatch(/<script|<img|src=/i)
        expect(mail.html).not.toContain('"x"')
        if (JSON.stringify(payloads[kind]).includes('<script>')) {
          expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;')
          expect(mail.text).toContain(HOSTILE)
        }
      })
    }
  }

  it('says amounts and dates as the language writes them', () => {
    expect(renderMail({ kind: 'payment_received', lang: 'es', payload: payloads.payment_received, siteUrl: SITE }).text).toContain('Recibimos tu pago de $1,234.50.')
    expect(renderMail({ kind: 'payment_received', lang: 'en', payload: payloads.payment_received, siteUrl: SITE }).subject).toBe('We received your payment: receipt no. 1042')
    const es = renderMail({ kind: 'storage_ending', lang: 'es', payload: payloads.storage_ending, siteUrl: SITE })
    expect(es.subject).toBe('Quedan 3 días de almacenamiento gratis para el paquete TRK-9')
    expect(es.text).toContain('termina el 3 de diciembre de 2026.')
    expect(es.text).toContain('Después, el almacenamiento cuesta $1.50 por día.')
    const en = renderMail({ kind: 'storage_ending', lang: 'en', payload: { ...payloads.storage_ending, days_left: 1 }, siteUrl: SITE })
    expect(en.subject).toBe('1 day of free storage left for package TRK-9')
    expect(en.text).toContain('ends on December 3, 2026.')
    expect(renderMail({ kind: 'storage_last_day', lang: 'en', payload: { ...payloads.storage_last_day, days_left: -2 }, siteUrl: SITE }).text).toContain('Storage now costs $1.50 a day.')
  })

  it('puts every package of a gathered arrival in one mail, each with its tracking number, store and pre-alert', () => {
    const packages = [
      { tracking_code: 'AAA-1', prealert: { store: 'Shop A', description: 'Shoes' } },
      { tracking_code: 'BBB-2' },
      { tracking_code: null },
    ]
    const mail = renderMail({ kind: 'package_received', lang: 'es', payload: { gathered: true, packages }, siteUrl: SITE })
    expect(mail.subject).toBe('3 de tus paquetes llegaron a Miami')
    expect(mail.text).toContain('Recibimos estos 3 paquetes en nuestra bodega de Miami.')
    expect(mail.text).toContain('Número de rastreo: AAA-1\nTienda: Shop A\nTu prealerta: Shoes')
    expect(mail.text).toContain('Número de rastreo: BBB-2')
    expect(mail.text).toContain('Número de rastreo: sin número de rastreo')
  })

  it('links the footer to the page that stops the mail when it is given one, in the language', () => {
    const unsubscribe = 'https://app.example.com/es/unsubscribe?token=a.b&kind=package_received'
    const es = renderMail({ kind: 'package_delivered', lang: 'es', payload: payloads.package_delivered, siteUrl: SITE, unsubscribePageUrl: unsubscribe })
    expect(es.html).toContain(`<a href="${unsubscribe.replace('&', '&amp;')}" style="color:#4b5563;">Dejar de recibir estos correos</a>`)
    expect(es.text).toContain(`Dejar de recibir estos correos: ${unsubscribe}`)
    const en = renderMail({ kind: 'package_delivered', lang: 'en', payload: payloads.package_delivered, siteUrl: SITE, unsubscribePageUrl: unsubscribe })
    expect(en.text).toContain(`Stop these e-mails: ${unsubscribe}`)
    expect(renderMail({ kind: 'package_delivered', lang: 'en', payload: payloads.package_delivered, siteUrl: SITE }).text).not.toContain('Stop these')
  })

  it('says the code Auth takes instead of the link, and both addresses of an e-mail change', () => {
    const mail = renderMail({ kind: 'account_email_change', lang: 'es', payload: payloads.account_email_change, siteUrl: SITE })
    expect(mail.text).toContain('de old@example.com a new@example.com')
    expect(mail.text).toContain('O ingresa este código: 123456')
  })

  it('refuses a kind it has no template for', () => {
    expect(() => renderMail({ kind: 'lottery_won', lang: 'es', payload: {}, siteUrl: SITE })).toThrow(UnknownMailKind)
  })

  it('signs with the address the site shows', () => {
    expect(business).toEqual(businessInfo)
    expect(businessAddress).toBe(siteAddress)
  })
})
