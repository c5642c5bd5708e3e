import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, newClient, signedIn, startTestStandIn, uniqueEmail } from './helpers'

// One-click unsubscribe against the stand-in: a mail (not a receipt) carries List-Unsubscribe and
// List-Unsubscribe-Post (RFC 8058); POSTing its URL as a mail client does, with no session, turns that
// kind of mail off for that customer, as often as it is repeated; the app page's Undo turns it on; a
// token changed in any part is refused, and changes nothing.

type Caught = { ID: string; Subject: string }

describe('unsubscribe', () => {
  let standIn: StandIn
  let admin: SupabaseClient

  beforeAll(async () => {
    standIn = await startTestStandIn({ mailSender: { everyMs: 50 } })
    admin = await signedIn(standIn.url, demoAdmin)
  })

  afterAll(async () => {
    await standIn?.close()
  })

  beforeEach(async () => {
    await fetch(`${standIn.mailCatcherUrl}/api/v1/messages`, { method: 'DELETE' })
  })

  async function newCustomer(lang: 'es' | 'en'): Promise<{ id: string; email: string }> {
    const email = uniqueEmail('unsub')
    const { data, error } = await newClient(standIn.url).auth.signUp({ email, password: 'unsub-test-password', options: { data: { lang } } })
    if (error || !data.user) throw error ?? new Error('signUp gave no user')
    return { id: data.user.id, email }
  }
  const registerPackage = (customerId: string) =>
    admin
      .rpc('register_package', { p_op_id: randomUUID(), p_package_id: randomUUID(), p_user_id: customerId, p_public_token: randomUUID(), p_status: 'recibido', p_tracking_code: `UNSUB-${randomUUID().slice(0, 8)}` })
      .throwOnError()
  /** The catcher's mail to `email`, once `count` have come. */
  async function caught(email: string, count = 1): Promise<Caught[]> {
    await expect
      .poll(async () => ((await (await fetch(`${standIn.mailCatcherUrl}/api/v1/search?query=${encodeURIComponent(`to:"${email}"`)}`)).json()) as { messages: Caught[] }).messages, { timeout: 30_000 })
      .toHaveLength(count)
    return ((await (await fetch(`${standIn.mailCatcherUrl}/api/v1/search?query=${encodeURIComponent(`to:"${email}"`)}`)).json()) as { messages: Caught[] }).messages
  }
  const headersOf = async (id: string) => (await (await fetch(`${standIn.mailCatcherUrl}/api/v1/message/${id}/headers`)).json()) as Record<string, string[] | undefined>
  const mailMuted = async (userId: string) => (await standIn.db.query<{ mail_muted: string[] }>(`select mail_muted from public.profiles where id = $1`, [userId])).rows[0]!.mail_muted
  /** What a mail client sends: no cookie, no key, the form body RFC 8058 prescribes. */
  const oneClick = (url: string) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
  const fromPage = (token: string, undo?: boolean) =>
    fetch(`${standIn.url}/functions/v1/unsubscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, ...(undo && { undo }) }) })

  async function arrivalLink(customer: { id: string; email: string }): Promise<{ url: string; token: string }> {
    await registerPackage(customer.id)
    const [mail] = await caught(customer.email)
    const headers = await headersOf(mail!.ID)
    expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click'])
    const url = /^<(https?:\/\/[^>]+)>$/.exec(headers['List-Unsubscribe']?.[0] ?? '')?.[1]
    expect(url).toMatch(new RegExp(`^${standIn.url}/functions/v1/unsubscribe\\?token=`))
    return { url: url!, token: new URL(url!).searchParams.get('token')! }
  }

  it("a mail client's one-click POST turns that kind off without a session, once however often it comes; the next arrival is not mailed", async () => {
    const customer = await newCustomer('en')
    const { url } = await arrivalLink(customer)

    for (let i = 0; i < 2; i += 1) {
      const answer = await oneClick(url)
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({ kind: 'package_received', mail: 'off' })
    }
    expect(await mailMuted(customer.id)).toEqual(['package_received'])
    await registerPackage(customer.id)
    const queued = await standIn.db.query(`select 1 from public.mail_outbox where user_id = $1`, [customer.id])
    expect(queued.rows).toHaveLength(1)
  })

  it("the page's Undo turns it on again, and the page's own POST turns it off", async () => {
    const customer = await newCustomer('es')
    const { token } = await arrivalLink(customer)
    expect(await (await fromPage(token)).json()).toEqual({ kind: 'package_received', mail: 'off' })
    expect(await mailMuted(customer.id)).toEqual(['package_received'])
    const undone = await fromPage(token, true)
    expect(undone.status).toBe(200)
    expect(await undone.json()).toEqual({ kind: 'package_received', mail: 'on' })
    expect(await mailMuted(customer.id)).toEqual([])
  })

  it('a token changed in any part is refused with the same answer, and changes nothing', async () => {
    const [customer, other] = [await newCustomer('en'), await newCustomer('en')]
    const { token } = await arrivalLink(customer)
    const [version, user, kind, signature] = token.split('.') as [string, string, string, string]
    const encode = (text: string) => Buffer.from(text).toString('base64url')
    const tampered = [
      [version, user, encode('charge_due'), signature],
      [version, encode(other.id), kind, signature],
      [version, user, kind, `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`],
      ['2', user, kind, signature],
      [version, user, kind],
    ].map((parts) => parts.join('.'))
    for (const bad of [...tampered, 'not-a-token', '']) {
      const answer = await oneClick(`${standIn.url}/functions/v1/unsubscribe?token=${encodeURIComponent(bad)}`)
      expect(answer.status, bad).toBe(400)
      expect(await answer.json(), bad).toEqual({ error: 'bad_token', message: 'This link is not valid' })
    }
    expect(await mailMuted(customer.id)).toEqual([])
    expect(await mailMuted(other.id)).toEqual([])
  })

  it('a receipt carries no unsubscribe; a GET, which link scanners send, turns nothing off', async () => {
    const customer = await newCustomer('es')
    await admin.rpc('record_payment', { p_op_id: randomUUID(), p_user_id: customer.id, p_amount_cents: 1500, p_method: 'cash', p_reference: null }).throwOnError()
    const [receipt] = await caught(customer.email)
    expect(Object.keys(await headersOf(receipt!.ID))).not.toContain('List-Unsubscribe')

    await fetch(`${standIn.mailCatcherUrl}/api/v1/messages`, { method: 'DELETE' })
    const { url } = await arrivalLink(customer)
    expect((await fetch(url)).status).toBe(405)
    expect(await mailMuted(customer.id)).toEqual([])
  })
})
