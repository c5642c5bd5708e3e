import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { resendProvider } from '../../supabase/functions/send-mail/provider.ts'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, newClient, signedIn, startTestStandIn, uniqueEmail } from './helpers'

// send-mail as the stand-in runs it: what the outbox queues reaches the mail catcher once, through a
// provider that fails for a while (500s, answers lost after it sent, no answer at all); a refusal or
// too many failures leave the mail failed for admins to see; and Resend's API is called as Resend
// documents it, the same key on every attempt.

type Mode = 'deliver' | 'fail' | 'deliver-then-fail' | 'hang' | 'refuse'

/** A provider speaking Mailpit's API in front of the catcher, answering as the test says. */
async function startFlakyProvider(catcherUrl: () => string) {
  const plan: Mode[] = []
  let fallback: Mode = 'deliver'
  const requests: { key: string | undefined; mode: Mode }[] = []
  const forward = async (request: IncomingMessage, body: string) =>
    fetch(`${catcherUrl()}/api/v1/send`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': String(request.headers['idempotency-key']) }, body })
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      const mode = plan.shift() ?? fallback
      requests.push({ key: request.headers['idempotency-key'] as string | undefined, mode })
      void (async () => {
        if (mode === 'hang') return // never answers; the sender's timeout gives up on it
        if (mode === 'fail') return response.writeHead(500).end('{"message":"down"}')
        if (mode === 'refuse') return response.writeHead(422).end('{"message":"invalid to"}')
        const caught = await forward(request, body)
        if (mode === 'deliver-then-fail') return response.writeHead(502).end('bad gateway')
        response.writeHead(caught.status, { 'Content-Type': 'application/json' }).end(await caught.text())
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** The next answers, in order; then `then` for every one after. */
    answer(next: Mode[], then: Mode = 'deliver') {
      plan.splice(0, plan.length, ...next)
      fallback = then
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

/** Polls `check` until it gives something, for up to 60 s (the sender runs every 50 ms here). */
async function eventually<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const found = await check()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

interface Row {
  address: string
  status: string
  attempts: number
  last_error: string | null
  provider_id: string | null
  lang: string
  idempotency_key: string
}

describe('send-mail', () => {
  let standIn: StandIn
  let provider: Awaited<ReturnType<typeof startFlakyProvider>>
  let admin: SupabaseClient

  beforeAll(async () => {
    provider = await startFlakyProvider(() => standIn.mailCatcherUrl!)
    standIn = await startTestStandIn({
      mailSender: { mailpitUrl: provider.url, everyMs: 50, timeoutMs: 1500, retry: { attempts: 4, baseDelayMs: 10, maxDelayMs: 100 } },
    })
    admin = await signedIn(standIn.url, demoAdmin)
  })

  afterAll(async () => {
    await standIn?.close()
    await provider?.close()
  })

  beforeEach(async () => {
    await fetch(`${standIn.mailCatcherUrl}/api/v1/messages`, { method: 'DELETE' })
  })

  async function newCustomer(lang: 'es' | 'en' = 'es'): Promise<{ id: string; email: string }> {
    const email = uniqueEmail('mail')
    const { data, error } = await newClient(standIn.url).auth.signUp({ email, password: 'mail-test-password', options: { data: { lang } } })
    if (error || !data.user) throw error ?? new Error('signUp gave no user')
    return { id: data.user.id, email }
  }
  const registerPackage = (customerId: string) =>
    admin
      .rpc('register_package', { p_op_id: randomUUID(), p_package_id: randomUUID(), p_user_id: customerId, p_public_token: randomUUID(), p_status: 'recibido', p_tracking_code: `MAIL-${randomUUID().slice(0, 8)}` })
      .throwOnError()
  const rowsOf = async (emails: string[]) => (await standIn.db.query<Row>(`select * from public.mail_outbox where address = any($1) order by address`, [emails])).rows
  const settled = (emails: string[]) =>
    eventually(`the mail to ${emails.join(', ')} settled`, async () => {
      const rows = await rowsOf(emails)
      return rows.length === emails.length && rows.every((row) => row.status === 'sent' || row.status === 'failed') ? rows : undefined
    })
  const nothingDue = () =>
    eventually('nothing due in the outbox', async () => {
      const { rows } = await standIn.db.query<{ n: number }>(`select count(*)::int as n from public.mail_outbox where status = 'sending' or (status = 'queued' and next_attempt_at <= now() + interval '1 minute')`)
      return rows[0]!.n === 0 ? true : undefined
    })
  const caughtFor = async (email: string) =>
    ((await (await fetch(`${standIn.mailCatcherUrl}/api/v1/search?query=${encodeURIComponent(`to:"${email}"`)}`)).json()) as { messages: { Subject: string }[] }).messages

  it('delivers every mail once after the provider failed for a while: 500s, a lost answer, a timeout', async () => {
    const customers = [await newCustomer('es'), await newCustomer('en'), await newCustomer('es')]
    // The failures are for this test's mail only: the demo data's own mail is sent first.
    await nothingDue()
    provider.requests.length = 0
    provider.answer(['fail', 'deliver-then-fail', 'hang', 'fail', 'deliver-then-fail', 'fail'])
    for (const customer of customers) await registerPackage(customer.id)

    const rows = await settled(customers.map((customer) => customer.email))
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent'])
    expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(provider.requests.length)
    expect(provider.requests.length).toBeGreaterThan(6)
    for (const customer of customers) expect(await caughtFor(customer.email)).toHaveLength(1)
    expect((await caughtFor(customers[1]!.email))[0]!.Subject).toMatch(/^Your package MAIL-\w+ arrived in Miami$/)
    // Every attempt at one mail carried its row's key.
    expect(new Set(provider.requests.map((request) => request.key))).toEqual(new Set(rows.map((row) => row.idempotency_key)))
  })

  it('gives up after the last attempt: the mail is failed, with the last error, for admins to see', async () => {
    const customer = await newCustomer()
    await nothingDue()
    provider.answer([], 'fail')
    await registerPackage(customer.id)
    const [row] = await settled([customer.email])
    expect(row).toMatchObject({ status: 'failed', attempts: 4, provider_id: null })
    expect(row!.last_error).toMatch(/^HTTP 500/)
    expect(await caughtFor(customer.email)).toEqual([])
    const { data } = await admin.from('mail_outbox').select('status, last_error').eq('address', customer.email).throwOnError()
    expect(data).toEqual([{ status: 'failed', last_error: row!.last_error }])
  })

  it('does not retry a mail the provider refuses', async () => {
    const customer = await newCustomer()
    await nothingDue()
    provider.answer(['refuse'])
    await registerPackage(customer.id)
    expect(await settled([customer.email])).toMatchObject([{ status: 'failed', attempts: 1 }])
  })

  it('is run only with the service role key', async () => {
    const anon = await fetch(`${standIn.url}/functions/v1/send-mail`, { method: 'POST', headers: { Authorization: `Bearer ${(await admin.auth.getSession()).data.session!.access_token}` } })
    expect(anon.status).toBe(401)
  })
})

describe("Resend's API", () => {
  it('is sent the mail with the API key and the idempotency key, and its id is kept', async () => {
    const seen: { path: string; headers: IncomingMessage['headers']; body: unknown }[] = []
    const server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        seen.push({ path: `${request.method} ${request.url}`, headers: request.headers, body: JSON.parse(body) })
        response.writeHead(seen.length === 1 ? 503 : 200, { 'Content-Type': 'application/json' }).end(seen.length === 1 ? '{}' : '{"id":"re_123"}')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const resend = resendProvider({ apiKey: 're_test_key', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
      const message = { from: 'Casillero Miami <avisos@example.com>', to: 'ana@example.com', subject: 'Hola', text: 'Hola', html: '<p>Hola</p>' }
      expect(await resend.send(message, 'notification:abc')).toMatchObject({ ok: false, retry: true })
      expect(await resend.send(message, 'notification:abc')).toEqual({ ok: true, providerId: 're_123' })
      expect(seen.map((request) => [request.path, request.headers.authorization, request.headers['idempotency-key']])).toEqual([
        ['POST /emails', 'Bearer re_test_key', 'notification:abc'],
        ['POST /emails', 'Bearer re_test_key', 'notification:abc'],
      ])
      expect(seen[1]!.body).toEqual({ from: message.from, to: ['ana@example.com'], subject: 'Hola', text: 'Hola', html: '<p>Hola</p>' })
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
