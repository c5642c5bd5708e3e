import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine } from './engines.ts'

// The newsletter's double opt-in on PGlite and PostgreSQL 15: subscribing keeps the address pending
// and mails a confirmation link with a random token (only its hash is stored); the link confirms it,
// the same token unsubscribes; subscribing again while pending sends a new link, at most once per 2
// minutes, and the old link stops working; admins read the subscribers, nobody else does.

const anon = null

interface Subscriber {
  address: string
  lang: string
  status: string
  token_hash: Uint8Array | Buffer
  confirmed_at: string | null
}

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine

  const address = () => `${randomUUID()}@example.test`
  const subscribe = (email: string, lang = 'es', caller: JwtClaims | null = anon) => db.as(caller)(`select public.subscribe_newsletter($1, $2)`, [email, lang])
  const call = async (fn: 'confirm_newsletter' | 'unsubscribe_newsletter', token: string) =>
    (await db.as(anon)<{ status: string }>(`select public.${fn}($1) as status`, [token]))[0]!.status
  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise
      return null
    } catch (error) {
      const { code, hint } = error as { code?: string; hint?: string }
      return { code, hint }
    }
  }
  const subscriberOf = async (email: string) => (await db.owner<Subscriber>(`select * from public.newsletter_subscribers where address = $1`, [email]))[0]
  /** The confirmation mails sent to an address, with the token of each link. */
  const confirmationsTo = async (email: string) =>
    (await db.owner<{ lang: string; kind: string; payload: { confirm_path: string; unsubscribe_path: string } }>(`select * from public.mail_outbox where address = $1 order by created_at`, [email])).map(
      (mail) => ({ ...mail, token: /token=(\w+)$/.exec(mail.payload.confirm_path)![1]! }),
    )

  beforeAll(async () => {
    db = await open()
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  it('subscribing keeps the address pending and mails a link whose token is random and stored only hashed', async () => {
    const email = address()
    await subscribe(` ${email.toUpperCase()} `, 'en')
    expect(await subscriberOf(email)).toMatchObject({ status: 'pending', lang: 'en', confirmed_at: null })
    const [mail] = await confirmationsTo(email)
    expect(mail).toMatchObject({ kind: 'newsletter_confirm', lang: 'en' })
    expect(mail!.payload.confirm_path).toBe(`/en/newsletter/confirm?token=${mail!.token}`)
    expect(mail!.payload.unsubscribe_path).toBe(`/en/newsletter/unsubscribe?token=${mail!.token}`)
    expect(mail!.token).toMatch(/^[0-9a-f]{64}$/)
    const stored = await db.owner<{ hashed: boolean }>(`select token_hash = sha256(convert_to($2, 'UTF8')) as hashed from public.newsletter_subscribers where address = $1`, [email, mail!.token])
    expect(stored).toEqual([{ hashed: true }])

    const other = address()
    await subscribe(other)
    expect((await confirmationsTo(other))[0]!.token).not.toBe(mail!.token)
    expect(await refusal(subscribe('ana@'))).toEqual({ code: '22023', hint: 'bad_newsletter_address' })
  })

  it('the link confirms the subscription once, and the same token unsubscribes', async () => {
    const email = address()
    await subscribe(email)
    const { token } = (await confirmationsTo(email))[0]!
    expect(await call('confirm_newsletter', token)).toBe('confirmed')
    expect(await subscriberOf(email)).toMatchObject({ status: 'confirmed', confirmed_at: expect.anything() })
    expect(await call('confirm_newsletter', token)).toBe('confirmed')

    expect(await call('unsubscribe_newsletter', token)).toBe('unsubscribed')
    expect(await subscriberOf(email)).toMatchObject({ status: 'unsubscribed' })
    expect(await call('confirm_newsletter', token)).toBe('unsubscribed')
    expect(await call('unsubscribe_newsletter', token)).toBe('unsubscribed')

    expect(await refusal(call('confirm_newsletter', 'f'.repeat(64)))).toEqual({ code: 'PT404', hint: 'newsletter_token_unknown' })
    expect(await refusal(call('unsubscribe_newsletter', ''))).toEqual({ code: 'PT404', hint: 'newsletter_token_unknown' })
  })

  it('subscribing again while pending sends a new link at most once per 2 minutes, and the old link stops working', async () => {
    const email = address()
    await subscribe(email)
    expect(await refusal(subscribe(email))).toEqual({ code: '54000', hint: 'newsletter_rate_limited' })
    expect(await confirmationsTo(email)).toHaveLength(1)

    await db.owner(`update public.newsletter_subscribers set confirm_sent_at = confirm_sent_at - interval '121 seconds' where address = $1`, [email])
    await subscribe(email, 'en')
    const [first, second] = await confirmationsTo(email)
    expect(second).toMatchObject({ kind: 'newsletter_confirm', lang: 'en' })
    expect(await refusal(call('confirm_newsletter', first!.token))).toMatchObject({ hint: 'newsletter_token_unknown' })
    expect(await call('confirm_newsletter', second!.token)).toBe('confirmed')

    // Confirmed: subscribing again mails nothing. Unsubscribed: it starts over, pending.
    await subscribe(email)
    expect(await confirmationsTo(email)).toHaveLength(2)
    await call('unsubscribe_newsletter', second!.token)
    await subscribe(email)
    expect(await subscriberOf(email)).toMatchObject({ status: 'pending', confirmed_at: null })
    expect(await confirmationsTo(email)).toHaveLength(3)
  })

  it('admins read the subscribers, without their tokens; customers and anon read none', async () => {
    const admin = await createApiUser(db, true)
    const customer = await createApiUser(db)
    const email = address()
    await subscribe(email)
    const { token } = (await confirmationsTo(email))[0]!
    await call('confirm_newsletter', token)

    const read = await db.as(admin)<Subscriber>(`select address, lang, status, confirmed_at from public.newsletter_subscribers where status = 'confirmed'`)
    expect(read.map((row) => row.address)).toContain(email)
    expect(await refusal(db.as(admin)(`select token_hash from public.newsletter_subscribers`))).toMatchObject({ code: '42501' })
    expect(await db.as(admin)(`select * from public.confirmed_newsletter_subscribers()`)).toEqual(expect.arrayContaining([{ address: email, lang: 'es', confirmed_at: expect.anything() }]))
    expect(await refusal(db.as(customer)(`select * from public.confirmed_newsletter_subscribers()`))).toEqual({ code: '42501', hint: 'admins_only' })
    expect(await refusal(db.as(anon)(`select * from public.confirmed_newsletter_subscribers()`))).toMatchObject({ code: '42501' })
    expect(await db.as(customer)(`select address from public.newsletter_subscribers`)).toEqual([])
    expect(await refusal(db.as(anon)(`select address from public.newsletter_subscribers`))).toMatchObject({ code: '42501' })
    expect(await db.attempt(admin, (query) => query(`update public.newsletter_subscribers set status = 'confirmed'`))).toMatchObject({ ok: false, code: '42501' })
  })
})
