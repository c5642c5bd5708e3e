import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import type { SupabaseClient } from '@supabase/supabase-js'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { errorText } from '@/components/refusals/refusal-text'
import { refusalTexts } from '@/components/refusals/refusal-texts'
import { functionRefusal } from '@/remote/function-refusal'
import { MAX_PAYMENT_CENTS } from '../../supabase/functions/create-checkout/handler.ts'
import { SUPABASE_LOCAL_ANON_KEY } from '../../supabase/local/keys'
import type { StandIn } from '../../supabase/local/server'
import { LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET } from '../../supabase/local/stripe/keys'
import { appI18n } from '../unit/app-i18n'
import { demoAdmin, signedIn, signedUpCustomer, startTestStandIn, steppedUp } from './helpers'

// Card payments on the real stand-in: the Edge Functions as a hosted project runs them, the
// stand-in's Stripe answering their SDK, and its test checkout page sending the signed event.

let standIn: StandIn
let admin: SupabaseClient
let stripe: Stripe

beforeAll(async () => {
  standIn = await startTestStandIn()
  admin = await steppedUp(standIn, demoAdmin)
  const base = new URL(standIn.stripeUrl!)
  stripe = new Stripe(LOCAL_STRIPE_SECRET_KEY, { host: base.hostname, port: base.port, protocol: 'http', httpClient: Stripe.createFetchHttpClient() })
})

afterAll(async () => {
  await standIn?.close()
})

const functionUrl = (name: string) => `${standIn.url}/functions/v1/${name}`

interface Line {
  id: string
  kind: string
  amount_cents: string
  balance_after_cents: string
  reference: string | null
  reason: string | null
  refers_to: string | null
}

async function ledger(userId: string): Promise<Line[]> {
  const { rows } = await standIn.db.query<Line>(
    `select id, kind, amount_cents::text, balance_after_cents::text, reference, reason, refers_to from public.account_entries where user_id = $1 order by created_at`,
    [userId],
  )
  return rows
}

/** A new customer owing `cents` (an admin's adjustment). */
async function owingCustomer(cents: number) {
  const customer = await signedUpCustomer(standIn.url, 'stripe')
  if (cents > 0) {
    await admin.rpc('post_adjustment', { p_op_id: randomUUID(), p_user_id: customer.id, p_amount_cents: cents, p_reason: 'Test charge' }).throwOnError()
  }
  return customer
}

/** A Checkout Session object as Stripe sends it in an event. */
function session(userId: string, amount: number, paymentStatus: 'paid' | 'unpaid' = 'paid') {
  return { id: `cs_test_${randomUUID().replaceAll('-', '')}`, object: 'checkout.session', client_reference_id: userId, amount_total: amount, currency: 'usd', payment_status: paymentStatus, payment_intent: `pi_${randomUUID().replaceAll('-', '')}`, metadata: { user_id: userId } }
}

function eventOf(type: string, object: object) {
  return JSON.stringify({ id: `evt_${randomUUID().replaceAll('-', '')}`, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } })
}

/** Posts `payload` to the webhook as Stripe would: signed with `secret`, at `timestamp` (seconds). */
function deliver(payload: string, { secret = LOCAL_STRIPE_WEBHOOK_SECRET, timestamp, signature }: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
  const header = signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp && { timestamp }) }) : signature
  return fetch(functionUrl('stripe-webhook'), { method: 'POST', headers: { 'Content-Type': 'application/json', ...(header !== null && { 'Stripe-Signature': header }) }, body: payload })
}

describe('the functions gateway', () => {
  it('asks a function with verify_jwt on for a valid JWT, and lets the Stripe webhook take none', async () => {
    const missing = await fetch(functionUrl('create-checkout'), { method: 'POST', body: '{}' })
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' })
    const forged = await fetch(functionUrl('refund-payment'), { method: 'POST', headers: { Authorization: 'Bearer not.a.jwt' }, body: '{}' })
    expect(forged.status).toBe(401)
    expect(await forged.json()).toEqual({ code: 401, message: 'Invalid JWT' })
    // The webhook is reached with no JWT and no API key: its refusal is its own (no signature).
    const webhook = await fetch(functionUrl('stripe-webhook'), { method: 'POST', body: '{}' })
    expect(webhook.status).toBe(400)
    expect(await webhook.json()).toMatchObject({ error: 'signature_missing' })
    expect((await fetch(functionUrl('no-such-function'), { method: 'POST' })).status).toBe(404)
  })
})

describe('stripe-webhook', () => {
  it('refuses a missing, forged or stale signature with 400 and posts nothing', async () => {
    const customer = await owingCustomer(0)
    const payload = eventOf('checkout.session.completed', session(customer.id, 1500))
    const stale = Math.floor(Date.now() / 1000) - 301
    const answers = await Promise.all([
      deliver(payload, { signature: null }),
      deliver(payload, { secret: 'whsec_forged' }),
      deliver(payload, { timestamp: stale }),
      deliver(payload, { signature: 't=1,v1=deadbeef' }),
      // A body changed after signing.
      fetch(functionUrl('stripe-webhook'), { method: 'POST', headers: { 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_STRIPE_WEBHOOK_SECRET }) }, body: payload.replace('1500', '150000') }),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400])
    expect(await ledger(customer.id)).toEqual([])
  })

  it('posts a paid session once: its repeat and its async_payment_succeeded post nothing more', async () => {
    const customer = await owingCustomer(2000)
    const paid = session(customer.id, 2000)
    const first = await deliver(eventOf('checkout.session.completed', paid))
    expect(first.status).toBe(200)
    const { entries } = (await first.json()) as { entries: string[] }
    const repeat = await deliver(eventOf('checkout.session.completed', paid))
    const async = await deliver(eventOf('checkout.session.async_payment_succeeded', paid))
    expect(await repeat.json()).toEqual({ entries })
    expect(await async.json()).toEqual({ entries })
    const lines = await ledger(customer.id)
    expect(lines.map(({ kind, amount_cents, balance_after_cents, reference }) => ({ kind, amount_cents, balance_after_cents, reference }))).toEqual([
      { kind: 'adjustment', amount_cents: '2000', balance_after_cents: '2000', reference: null },
      { kind: 'payment', amount_cents: '-2000', balance_after_cents: '0', reference: paid.payment_intent },
    ])
    expect(lines[1]!.id).toBe(entries[0])
  })

  it('posts an unpaid (bank debit) completion only when async_payment_succeeded comes', async () => {
    const customer = await owingCustomer(0)
    const pending = session(customer.id, 3000, 'unpaid')
    const completed = await deliver(eventOf('checkout.session.completed', pending))
    expect(completed.status).toBe(200)
    expect(await completed.json()).toEqual({ ignored: 'unpaid' })
    expect(await ledger(customer.id)).toEqual([])
    expect((await deliver(eventOf('checkout.session.async_payment_failed', pending))).status).toBe(200)
    expect(await ledger(customer.id)).toEqual([])
    expect((await deliver(eventOf('checkout.session.async_payment_succeeded', { ...pending, payment_status: 'paid' }))).status).toBe(200)
    expect((await ledger(customer.id)).map((line) => [line.kind, line.amount_cents, line.balance_after_cents])).toEqual([['payment', '-3000', '-3000']])
  })

  it('answers 2xx to an event it does not handle and to a session that is not an account payment', async () => {
    const ignored = await deliver(eventOf('customer.created', { id: 'cus_1', object: 'customer' }))
    expect(ignored.status).toBe(200)
    expect(await ignored.json()).toEqual({ ignored: 'customer.created' })
    const foreign = await deliver(eventOf('checkout.session.completed', { ...session('', 500), client_reference_id: null, metadata: {} }))
    expect(await foreign.json()).toEqual({ ignored: 'not_an_account_payment' })
  })
})

/** The customer pays through create-checkout and the test checkout page; resolves to the session id. */
async function payByCard(customer: { client: SupabaseClient }, body: Record<string, unknown> = {}): Promise<{ id: string; successUrl: string }> {
  const { data, error } = await customer.client.functions.invoke<{ url: string; id: string }>('create-checkout', { body: { lang: 'es', ...body } })
  if (error) throw error
  const page = await fetch(data!.url)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('Test mode — no card is charged')
  expect(html).toContain('Modo de prueba: no se cobra ninguna tarjeta')
  const pay = await fetch(data!.url, { method: 'POST', redirect: 'manual' })
  expect(pay.status).toBe(303)
  return { id: data!.id, successUrl: pay.headers.get('location')! }
}

describe('create-checkout and the test checkout page', () => {
  async function invoke(token: string, body: unknown, origin?: string) {
    return fetch(functionUrl('create-checkout'), { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(origin && { Origin: origin }) }, body: JSON.stringify(body) })
  }
  const tokenOf = async (client: SupabaseClient) => (await client.auth.getSession()).data.session!.access_token

  it('refuses the anonymous, an amount under $1 or over the ledger’s most, and nothing owed without an amount', async () => {
    const anonymous = await invoke(SUPABASE_LOCAL_ANON_KEY, { amount_cents: 500 })
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ error: 'not_signed_in' })
    const customer = await owingCustomer(0)
    const token = await tokenOf(customer.client)
    for (const amount_cents of [99, 0, -500, 150.5, MAX_PAYMENT_CENTS + 1, '500']) {
      const answer = await invoke(token, { amount_cents })
      expect(answer.status).toBe(400)
      expect(await answer.json()).toMatchObject({ error: 'checkout_amount_range', detail: { min_cents: 100, max_cents: MAX_PAYMENT_CENTS } })
    }
    const nothing = await invoke(token, {})
    expect(nothing.status).toBe(400)
    expect(await nothing.json()).toMatchObject({ error: 'nothing_owed' })
    expect(await ledger(customer.id)).toEqual([])
  })

  it('the ledger’s most for one payment is money_amount_input’s', async () => {
    await expect(standIn.db.query(`select public.money_amount_input($1, false)`, [MAX_PAYMENT_CENTS])).resolves.toBeDefined()
    await expect(standIn.db.query(`select public.money_amount_input($1, false)`, [MAX_PAYMENT_CENTS + 1])).rejects.toThrow()
  })

  it('charges what the customer owes; the page’s Pay lands it on their ledger once and returns to their statement', async () => {
    const customer = await owingCustomer(2550)
    const { id, successUrl } = await payByCard(customer)
    expect(successUrl).toBe(`http://localhost:4173/es/dashboard/account/statement?checkout=success&session_id=${id}`)
    const lines = await ledger(customer.id)
    expect(lines.map((line) => [line.kind, line.amount_cents, line.balance_after_cents])).toEqual([
      ['adjustment', '2550', '2550'],
      ['payment', '-2550', '0'],
    ])
    const paid = await stripe.checkout.sessions.retrieve(id)
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', client_reference_id: customer.id, amount_total: 2550 })
    expect(lines[1]!.reference).toBe(paid.payment_intent)
    // Paying the same page again is Stripe's "already paid", and posts nothing.
    expect((await fetch(paid.url ?? `${standIn.stripeUrl}/c/pay/${id}`, { method: 'POST', redirect: 'manual' })).status).toBe(303)
    expect(await ledger(customer.id)).toHaveLength(2)
  })

  it('takes an amount of the customer’s choice, and returns to the app’s origin only', async () => {
    const customer = await owingCustomer(0)
    const token = await tokenOf(customer.client)
    const fromApp = (await (await invoke(token, { amount_cents: 100, lang: 'en' }, 'http://localhost:4220')).json()) as { id: string }
    const fromElsewhere = (await (await invoke(token, { amount_cents: 100 }, 'https://evil.example')).json()) as { id: string }
    const [app, elsewhere] = await Promise.all([stripe.checkout.sessions.retrieve(fromApp.id), stripe.checkout.sessions.retrieve(fromElsewhere.id)])
    expect(app).toMatchObject({ amount_total: 100, locale: 'en', cancel_url: 'http://localhost:4220/en/dashboard/account/statement?checkout=cancelled', metadata: { user_id: customer.id } })
    expect(elsewhere.cancel_url).toBe('http://localhost:4173/es/dashboard/account/statement?checkout=cancelled')
  })
})

describe('the stand-in’s Stripe across a restart', () => {
  /** A port free now, for a stand-in's Stripe to take, as `npm run backend` takes 54325. */
  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number }
        probe.close(() => resolve(port))
      })
      probe.once('error', reject)
    })

  it('keeps its port, and a checkout page opened before the restart says plainly, in both languages, that it was forgotten', async () => {
    const stripePort = await freePort()
    const before = await startTestStandIn({ stripePort })
    let url: string
    try {
      const customer = await signedUpCustomer(before.url, 'restart')
      const { data, error } = await customer.client.functions.invoke<{ url: string }>('create-checkout', { body: { amount_cents: 1200, lang: 'es' } })
      if (error) throw error
      url = data!.url
      expect(new URL(url).port).toBe(String(stripePort))
    } finally {
      await before.close()
    }
    const after = await startTestStandIn({ stripePort })
    try {
      expect(after.stripeUrl).toBe(`http://127.0.0.1:${stripePort}`)
      for (const answer of [await fetch(url), await fetch(url, { method: 'POST', redirect: 'manual' })]) {
        expect(answer.status).toBe(404)
        const html = await answer.text()
        expect(html).toContain('the local server keeps checkouts in memory and was restarted after this one began')
        expect(html).toContain('el servidor local guarda los pagos en memoria y se reinició')
        expect(html).toContain('Nothing was charged')
      }
    } finally {
      await after.close()
    }
  })
})

describe('card refunds', () => {
  async function refund(client: SupabaseClient, body: Record<string, unknown>) {
    const token = (await client.auth.getSession()).data.session!.access_token
    return fetch(functionUrl('refund-payment'), { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  }

  it('an admin’s refund posts at once, and Stripe’s charge.refunded for it posts nothing more', async () => {
    const customer = await owingCustomer(4000)
    const { id } = await payByCard(customer)
    const payment = (await ledger(customer.id)).find((line) => line.kind === 'payment')!
    expect((await refund(customer.client, { payment_id: payment.id, amount_cents: 1000, reason: 'Mine' })).status).toBe(403)
    const tooMuch = await refund(admin, { payment_id: payment.id, amount_cents: 4001, reason: 'Too much' })
    expect(tooMuch.status).toBe(400)
    expect(await tooMuch.json()).toMatchObject({ error: 'refund_exceeds_payment', detail: { max_cents: 4000 } })

    const answer = await refund(admin, { payment_id: payment.id, amount_cents: 1500, reason: 'Caja dañada', op_id: randomUUID() })
    expect(answer.status).toBe(200)
    const entry = (await answer.json()) as { id: string; kind: string; amount_cents: number; refers_to: string; reason: string }
    expect(entry).toMatchObject({ kind: 'refund', amount_cents: 1500, refers_to: payment.id, reason: 'Caja dañada' })

    // Stripe's own charge.refunded, sent again by hand: the refund it lists is posted already.
    const paymentIntent = (await stripe.checkout.sessions.retrieve(id)).payment_intent as string
    const [stripeRefund] = (await stripe.refunds.list({ payment_intent: paymentIntent })).data
    const charge = { id: stripeRefund!.charge, object: 'charge', payment_intent: paymentIntent, amount: 4000, amount_refunded: 1500 }
    const repeat = await deliver(eventOf('charge.refunded', charge))
    expect(await repeat.json()).toEqual({ entries: [entry.id] })
    expect((await ledger(customer.id)).filter((line) => line.kind === 'refund')).toHaveLength(1)
  })

  it('a refund made at Stripe (its dashboard) posts once when charge.refunded arrives', async () => {
    const customer = await owingCustomer(3000)
    const { id } = await payByCard(customer)
    const paymentIntent = (await stripe.checkout.sessions.retrieve(id)).payment_intent as string
    await stripe.refunds.create({ payment_intent: paymentIntent, amount: 700, metadata: { reason: 'Devuelto en Stripe' } })
    // The stand-in's Stripe sends charge.refunded to the webhook, as Stripe does.
    await vi.waitFor(async () => expect((await ledger(customer.id)).filter((line) => line.kind === 'refund')).toHaveLength(1), { timeout: 20_000, interval: 50 })
    const [stripeRefund] = (await stripe.refunds.list({ payment_intent: paymentIntent })).data
    await deliver(eventOf('charge.refunded', { id: stripeRefund!.charge, object: 'charge', payment_intent: paymentIntent }))
    const refunds = (await ledger(customer.id)).filter((line) => line.kind === 'refund')
    expect(refunds.map((line) => [line.amount_cents, line.balance_after_cents, line.reason])).toEqual([['700', '700', 'Devuelto en Stripe']])
  })

  it('a refund that arrives before its payment is refused with 5xx, so Stripe sends it again, and posts once after the payment', async () => {
    const customer = await owingCustomer(0)
    // Paid at Stripe, its checkout.session.completed still on the way (Stripe does not order events):
    // the session names no customer, so the test page's own completed event posts nothing.
    const created = await stripe.checkout.sessions.create({ mode: 'payment', success_url: 'http://localhost:4173/', line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 2500, product_data: { name: 'Test' } } }] })
    expect((await fetch(created.url!, { method: 'POST', redirect: 'manual' })).status).toBe(303)
    const paid = await stripe.checkout.sessions.retrieve(created.id)
    const stripeRefund = await stripe.refunds.create({ payment_intent: paid.payment_intent as string, amount: 500, metadata: { reason: 'Antes del pago' } })
    const refunded = eventOf('charge.refunded', { id: stripeRefund.charge, object: 'charge', payment_intent: paid.payment_intent, amount: 2500, amount_refunded: 500 })

    const early = await deliver(refunded)
    expect(early.status).toBeGreaterThanOrEqual(500)
    expect(await ledger(customer.id)).toEqual([])

    expect((await deliver(eventOf('checkout.session.completed', { ...paid, client_reference_id: customer.id }))).status).toBe(200)
    const again = await deliver(refunded)
    expect(again.status).toBe(200)
    expect((await deliver(refunded)).status).toBe(200)
    const lines = await ledger(customer.id)
    expect(lines.map((line) => [line.kind, line.amount_cents, line.balance_after_cents, line.reason])).toEqual([
      ['payment', '-2500', '-2500', null],
      ['refund', '500', '-2000', 'Antes del pago'],
    ])
    expect(await again.json()).toEqual({ entries: [lines[1]!.id] })
  })

  it('an admin whose session is at aal1 is asked for their code (aal2_required) before Stripe refunds anything', async () => {
    const customer = await owingCustomer(2000)
    await payByCard(customer)
    const payment = (await ledger(customer.id)).find((line) => line.kind === 'payment')!
    const atAal1 = await signedIn(standIn.url, demoAdmin)
    const answer = await refund(atAal1, { payment_id: payment.id, amount_cents: 500, reason: 'Sin código' })
    expect(answer.status).toBe(403)
    expect(await answer.json()).toMatchObject({ error: 'aal2_required' })
    expect(await stripe.refunds.list({ payment_intent: payment.reference! })).toMatchObject({ data: [] })
  })

  it('a desk payment is not refunded through Stripe', async () => {
    const customer = await owingCustomer(1000)
    const { data } = await admin.rpc('record_payment', { p_op_id: randomUUID(), p_user_id: customer.id, p_amount_cents: 1000, p_method: 'cash', p_reference: null }).throwOnError()
    const answer = await refund(admin, { payment_id: (data as { id: string }).id, amount_cents: 100, reason: 'Cash back' })
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({ error: 'refund_at_desk' })
  })
})

describe('the card functions’ refusals, as the device says them', () => {
  const saying = async (error: unknown) => {
    const refusal = await functionRefusal(error)
    return [errorText(appI18n('en'), refusal), errorText(appI18n('es'), refusal)] as const
  }

  it('every key create-checkout and refund-payment answer with has a text', () => {
    const keys = ['create-checkout', 'refund-payment'].flatMap((name) => {
      const source = readFileSync(new URL(`../../supabase/functions/${name}/handler.ts`, import.meta.url), 'utf8')
      return [...source.matchAll(/\brefusal\(\d+, '(\w+)'/g)].map(([, key]) => key!)
    })
    expect(keys).toEqual(expect.arrayContaining(['not_signed_in', 'checkout_amount_range', 'nothing_owed', 'payments_unavailable', 'refund_at_desk']))
    expect(keys.filter((key) => !Object.hasOwn(refusalTexts, key))).toEqual([])
  })

  it('says an amount out of range with the limits the refusal carries, and the gateway’s 401, in both languages', async () => {
    const customer = await owingCustomer(0)
    const tooLittle = await customer.client.functions.invoke('create-checkout', { body: { amount_cents: 5, lang: 'en' } })
    const [english, spanish] = await saying(tooLittle.error)
    expect(english).toBe('A card payment must be from $1.00 to $100,000.00.')
    expect(spanish).toBe("Un pago con tarjeta debe ser de $1.00 a $100,000.00.")

    const nothing = await customer.client.functions.invoke('create-checkout', { body: { lang: 'es' } })
    expect((await saying(nothing.error))[0]).toBe('You owe nothing now. To pay ahead, choose an amount.')

    const forged = await customer.client.functions.invoke('create-checkout', { body: {}, headers: { Authorization: 'Bearer not.a.jwt' } })
    const [gateEn, gateEs] = await saying(forged.error)
    expect(gateEn).toBe('Your session is no longer valid: log in again, then try again.')
    expect(gateEs).not.toBe(gateEn)
  })
})
