import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { newClient, startTestStandIn, uniqueEmail } from './helpers'
import { rawRequest, requestText } from './raw-http'

// The stand-in's mail catcher answers Mailpit's API v1, as the Supabase CLI's does: tests and tools
// read every mail (Auth's and the send-mail function's) through it, on loopback only, with no CORS.

let standIn: StandIn
const api = (path: string, init?: RequestInit) => fetch(`${standIn.mailCatcherUrl}${path}`, init)
const port = () => Number(new URL(standIn.mailCatcherUrl!).port)
const raw = (method: string, path: string, headers: Record<string, string> = {}, body?: string) => rawRequest(port(), requestText(method, path, headers, body))

interface Summary {
  total: number
  unread: number
  messages_count: number
  start: number
  messages: { ID: string; To: { Address: string }[]; Subject: string; Snippet: string; Read: boolean }[]
}

const sendMail = (body: unknown, headers: Record<string, string> = {}) =>
  api('/api/v1/send', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })
const mailTo = (address: string, subject = 'Tu paquete llegó', extra: Record<string, unknown> = {}) => ({
  From: { Email: 'avisos@casilleromiami.com', Name: 'Casillero Miami' },
  To: [{ Email: address }],
  Subject: subject,
  Text: `Hola ${address}`,
  HTML: `<p>Hola <b>${address}</b></p><script>alert(1)</script>`,
  ...extra,
})

beforeAll(async () => {
  // Only what each test sends: send-mail does not deliver the demo data's mail here.
  standIn = await startTestStandIn({ mailSender: false })
})

afterAll(async () => {
  await standIn?.close()
})

beforeEach(async () => {
  expect((await api('/api/v1/messages', { method: 'DELETE' })).status).toBe(200)
})

describe('the mail catcher', () => {
  it("catches Auth's mail, in the customer's language: a password reset is found by its address, with the link in its text and its headers", async () => {
    const email = uniqueEmail('reset')
    await newClient(standIn.url).auth.signUp({ email, password: 'a-good-password', options: { data: { lang: 'en' } } })
    await api('/api/v1/messages', { method: 'DELETE' })
    const { error } = await newClient(standIn.url).auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:4173/es/reset-password' })
    expect(error).toBeNull()

    const found = (await (await api(`/api/v1/search?query=${encodeURIComponent(`to:"${email}"`)}`)).json()) as Summary
    expect(found).toMatchObject({ messages_count: 1, start: 0, messages: [{ To: [{ Address: email }], Subject: 'Reset your password', Read: false }] })
    const message = (await (await api(`/api/v1/message/${found.messages[0]!.ID}`)).json()) as { Text: string; From: { Address: string } }
    expect(message.Text).toMatch(/\/auth\/v1\/verify\?token=[^&]+&type=recovery/)
    const headers = (await (await api(`/api/v1/message/${found.messages[0]!.ID}/headers`)).json()) as Record<string, string[]>
    expect(headers.To).toEqual([`<${email}>`])
    expect(headers.Subject).toEqual(['Reset your password'])
    // The dev mailbox says where the catcher is (a stand-in on a free port: the e2e suite's).
    expect((await fetch(`${standIn.url}/_dev/mail`)).headers.get('mail-catcher')).toBe(standIn.mailCatcherUrl)
    // Read once opened, as Mailpit marks it.
    expect(((await (await api('/api/v1/messages')).json()) as Summary).unread).toBe(0)
  })

  it('lists newest first in pages, searches by address, and empties on DELETE', async () => {
    for (const n of [1, 2, 3]) expect((await sendMail(mailTo(`n${n}@example.com`, `Mail ${n}`))).status).toBe(200)
    const page = (await (await api('/api/v1/messages?start=1&limit=1')).json()) as Summary
    expect(page).toMatchObject({ total: 3, unread: 3, messages_count: 3, start: 1, messages: [{ Subject: 'Mail 2', Snippet: 'Hola n2@example.com' }] })
    const second = (await (await api(`/api/v1/search?query=${encodeURIComponent('to:"n2@example.com"')}`)).json()) as Summary
    expect(second.messages.map((m) => m.Subject)).toEqual(['Mail 2'])
    expect((await (await api('/api/v1/message/latest')).json()) as { Subject: string }).toMatchObject({ Subject: 'Mail 3' })

    expect(await (await api('/api/v1/messages', { method: 'DELETE' })).text()).toBe('ok')
    expect(((await (await api('/api/v1/messages')).json()) as Summary).total).toBe(0)
    expect((await api(`/api/v1/message/${page.messages[0]!.ID}`)).status).toBe(404)
  })

  it('catches one mail per Idempotency-Key, however often it is sent, and reads its List-Unsubscribe', async () => {
    const unsubscribe = { 'List-Unsubscribe': '<https://example.com/u?t=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    const sent = await Promise.all([1, 2].map(() => sendMail(mailTo('once@example.com', 'Once', { Headers: unsubscribe }), { 'Idempotency-Key': 'mail-1' })))
    const ids = await Promise.all(sent.map(async (response) => ((await response.json()) as { ID: string }).ID))
    expect(ids[0]).toBe(ids[1])
    expect(((await (await api('/api/v1/messages')).json()) as Summary).total).toBe(1)
    expect(await (await api(`/api/v1/message/${ids[0]}`)).json()).toMatchObject({
      ListUnsubscribe: { Links: ['https://example.com/u?t=abc'], HeaderPost: 'List-Unsubscribe=One-Click' },
    })
  })

  it('refuses a mail with no recipient or not sent as JSON, and keeps nothing of it', async () => {
    expect((await sendMail({ ...mailTo('x@example.com'), To: [] })).status).toBe(400)
    const form = await api('/api/v1/send', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(mailTo('x@example.com')) })
    expect(form.status).toBe(400)
    expect(((await (await api('/api/v1/messages')).json()) as Summary).total).toBe(0)
  })

  it('shows the mail on a page, its HTML in a sandboxed frame that runs no script and loads nothing remote', async () => {
    const { ID } = (await (await sendMail(mailTo('page@example.com', 'Ver <esto>'))).json()) as { ID: string }
    const list = await api('/')
    expect(list.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await list.text()).toContain('Ver &#60;esto&#62;')
    const view = await api(`/view/${ID}`)
    expect(view.headers.get('content-security-policy')).toContain("default-src 'none'")
    const body = await view.text()
    expect(body).toContain('<iframe sandbox')
    expect(body).not.toContain('<script>')
  })

  it('answers only requests addressed to a loopback host, and sends no CORS headers', async () => {
    expect((await raw('GET', '/api/v1/messages', { Host: `localhost:${port()}` })).status).toBe(200)
    for (const host of ['evil.example', '127.0.0.1.evil.example', '10.0.0.1']) {
      expect((await raw('GET', '/api/v1/messages', { Host: host })).status).toBe(404)
      expect((await raw('DELETE', '/api/v1/messages', { Host: host })).status).toBe(404)
    }
    const listed = await raw('GET', '/api/v1/messages', { Host: `127.0.0.1:${port()}`, Origin: 'http://localhost:4173' })
    expect(Object.keys(listed.headers).filter((name) => name.startsWith('access-control-'))).toEqual([])
    const preflight = await raw('OPTIONS', '/api/v1/send', { Host: `127.0.0.1:${port()}`, Origin: 'http://localhost:4173', 'Access-Control-Request-Method': 'POST' })
    expect(preflight.status).toBeGreaterThanOrEqual(400)
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([])
  })
})
