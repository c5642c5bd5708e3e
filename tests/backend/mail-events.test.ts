import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { svixHeaders, verifySvix } from '../../supabase/functions/mail-events/svix.ts'
import { LOCAL_RESEND_WEBHOOK_SECRET } from '../../supabase/local/keys'
import type { StandIn } from '../../supabase/local/server'
import { demoAdmin, signedIn, signedUpCustomer, startTestStandIn } from './helpers'

// mail-events as the stand-in serves it, called as Resend calls it (no JWT, a Svix signature): a hard
// bounce or a complaint suppresses the address and no more mail is queued to it; a redelivery records
// nothing more; a bad, stale or missing signature is refused and records nothing; a soft bounce and
// other events are acknowledged and change nothing.

describe('mail-events', () => {
  let standIn: StandIn
  let admin: SupabaseClient

  beforeAll(async () => {
    standIn = await startTestStandIn({ mailSender: false })
    admin = await signedIn(standIn.url, demoAdmin)
  })

  afterAll(async () => {
    await standIn?.close()
  })

  const bounce = (to: string, type = 'Permanent') =>
    JSON.stringify({ type: 'email.bounced', created_at: new Date().toISOString(), data: { email_id: randomUUID(), to: [to], subject: 'Llegó tu paquete', bounce: { type, subType: 'General', message: 'mailbox does not exist' } } })
  const complaint = (to: string) => JSON.stringify({ type: 'email.complained', created_at: new Date().toISOString(), data: { email_id: randomUUID(), to: [to] } })
  const post = async (body: string, headers: Record<string, string>) => {
    const response = await fetch(`${standIn.url}/functions/v1/mail-events`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const signed = async (body: string, id = `msg_${randomUUID()}`, at = new Date()) => post(body, await svixHeaders(LOCAL_RESEND_WEBHOOK_SECRET, id, body, at))
  const suppressionsOf = async (userId: string) =>
    (await admin.from('mail_suppressions').select('address, reason, detail, user_id, lifted_at').eq('user_id', userId).throwOnError()).data!
  const registerPackage = (userId: string) =>
    admin.rpc('register_package', { p_op_id: randomUUID(), p_package_id: randomUUID(), p_user_id: userId, p_public_token: randomUUID(), p_status: 'recibido', p_tracking_code: `EV-${randomUUID().slice(0, 8)}` }).throwOnError()
  const queuedFor = async (userId: string) => (await standIn.db.query(`select 1 from public.mail_outbox where user_id = $1`, [userId])).rows.length

  it("a hard bounce suppresses the address, flags its customer, and nothing more is mailed there; Resend's redelivery records nothing more", async () => {
    const customer = await signedUpCustomer(standIn.url, 'bounced')
    const body = bounce(customer.email.toUpperCase())
    const headers = await svixHeaders(LOCAL_RESEND_WEBHOOK_SECRET, `msg_${randomUUID()}`, body)
    expect(await post(body, headers)).toEqual({ status: 200, body: { reason: 'hard_bounce', suppressed: [customer.email.toUpperCase()] } })
    expect(await post(body, headers)).toEqual({ status: 200, body: { reason: 'hard_bounce', suppressed: [] } })
    expect(await suppressionsOf(customer.id)).toEqual([{ address: customer.email, reason: 'hard_bounce', detail: 'mailbox does not exist', user_id: customer.id, lifted_at: null }])

    await registerPackage(customer.id)
    expect(await queuedFor(customer.id)).toBe(0)
  })

  it('a complaint suppresses the address too', async () => {
    const customer = await signedUpCustomer(standIn.url, 'complained')
    expect(await signed(complaint(`"Ana" <${customer.email}>`))).toMatchObject({ status: 200, body: { reason: 'complaint' } })
    expect(await suppressionsOf(customer.id)).toMatchObject([{ reason: 'complaint', address: customer.email }])
  })

  it('refuses a missing, wrong or stale signature, and records nothing', async () => {
    const customer = await signedUpCustomer(standIn.url, 'forged')
    const body = bounce(customer.email)
    const good = await svixHeaders(LOCAL_RESEND_WEBHOOK_SECRET, 'msg_forged', body)
    const otherSecret = `whsec_${Buffer.from('not the stand-in secret').toString('base64')}`
    expect(await post(body, {})).toMatchObject({ status: 400, body: { error: 'signature_missing' } })
    expect(await post(body, await svixHeaders(otherSecret, 'msg_forged', body))).toMatchObject({ status: 400, body: { error: 'signature_invalid' } })
    expect(await post(bounce(`other-${customer.email}`), good)).toMatchObject({ status: 400, body: { error: 'signature_invalid' } })
    expect(await signed(body, 'msg_stale', new Date(Date.now() - 10 * 60_000))).toMatchObject({ status: 400, body: { error: 'signature_stale' } })
    expect(await signed(body, 'msg_future', new Date(Date.now() + 10 * 60_000))).toMatchObject({ status: 400, body: { error: 'signature_stale' } })
    expect(await suppressionsOf(customer.id)).toEqual([])
  })

  it('a soft bounce and other events change nothing', async () => {
    const customer = await signedUpCustomer(standIn.url, 'soft')
    expect(await signed(bounce(customer.email, 'Transient'))).toEqual({ status: 200, body: { ignored: 'not_a_hard_bounce' } })
    expect(await signed(JSON.stringify({ type: 'email.delivered', data: { to: [customer.email] } }))).toEqual({ status: 200, body: { ignored: 'email.delivered' } })
    expect(await suppressionsOf(customer.id)).toEqual([])
  })
})

describe('the Svix signature', () => {
  it("is checked as Svix's own documentation signs its example", async () => {
    const headers = new Headers({ 'svix-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek', 'svix-timestamp': '1614265330', 'svix-signature': 'v1,bm9ldHlldA== v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' })
    const at = 1614265330 * 1000
    expect(await verifySvix('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', headers, '{"test": 2432232314}', at)).toEqual({ ok: true, id: 'msg_p5jXN8AQM9LWM0D4loKWxJek' })
    expect(await verifySvix('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', headers, '{"test": 2432232315}', at)).toEqual({ ok: false, error: 'signature_invalid' })
  })
})
