import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine, type Query } from './engines.ts'

// The mail outbox on PGlite and PostgreSQL 15: each event a customer is mailed about queues its mail
// in the event's own transaction, in the customer's language and to their address; arrivals are
// gathered (the first at once, the next 5 minutes' in one mail at the window's end); muted kinds are
// not queued but a receipt always is; admins read the outbox and no API caller writes it; the sender
// claims what is due, retries, gives up, and a late answer from a lapsed claim changes nothing.

type User = JwtClaims & { sub: string }

interface Mail {
  id: string
  user_id: string
  address: string
  kind: string
  lang: string
  payload: { gathered?: boolean; packages?: { tracking_code: string }[]; receipt_number?: number; shipment_id?: string }
  idempotency_key: string
  status: string
  attempts: number
  due_now: boolean
  window_minutes: number | null
  last_error: string | null
  provider_id: string | null
}

const service: JwtClaims = { role: 'service_role' }

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User

  const register = (customer: User, tracking = `MAIL-${randomUUID().slice(0, 8)}`, query: Query = db.as(admin)) =>
    query(`select public.register_package($1, $2, $3, $4, 'recibido', $5, 2.5, 0.02, null)`, [randomUUID(), randomUUID(), customer.sub, randomUUID(), tracking]).then(() => tracking)
  const mailsOf = (customer: User, query: Query = db.owner) =>
    query<Mail>(
      `select m.*, m.next_attempt_at <= now() as due_now,
         extract(epoch from m.next_attempt_at - (select f.created_at from public.mail_outbox f where 'arrivals_after:' || f.id = m.idempotency_key)) / 60 as window_minutes
       from public.mail_outbox m where m.user_id = $1 order by m.created_at, m.next_attempt_at`,
      [customer.sub],
    )
  const claim = (limit = 100, hold = '2 minutes') => db.as(service)<Mail>(`select * from public.claim_mail($1, $2::interval)`, [limit, hold])
  const signUp = async (lang: 'es' | 'en') => {
    const id = randomUUID()
    await db.owner(`insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, $3)`, [id, `${id}@example.test`, JSON.stringify({ lang })])
    return { sub: id, role: 'authenticated' as const }
  }
  /** Nothing due for the sender but what a test makes (claims and settles whatever earlier tests left). */
  const drain = async () => {
    for (const mail of await claim(500)) await db.as(service)(`select public.mail_sent($1, $2, 'drained')`, [mail.id, mail.attempts])
  }

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  it("a package's arrival queues its mail in the registration's transaction, in the customer's language, to their address", async () => {
    const customer = await signUp('en')
    const inside = await db.attempt(admin, async (query) => {
      await register(customer, 'TX-ROLLED-BACK', query)
      // What commit would run: the notification's deferred trigger, which queues the mail.
      await query('set constraints all immediate')
      return (await query<{ n: number }>(`select count(*)::int as n from public.mail_outbox where user_id = $1`, [customer.sub]))[0]!.n
    })
    expect(inside).toEqual({ ok: true, value: 1 })
    expect(await mailsOf(customer)).toEqual([])

    const tracking = await register(customer)
    const [mail] = await mailsOf(customer)
    expect(mail).toMatchObject({ kind: 'package_received', lang: 'en', address: `${customer.sub}@example.test`, status: 'queued', attempts: 0, due_now: true })
    expect(mail!.payload).toMatchObject({ gathered: false, packages: [{ tracking_code: tracking }] })
  })

  it('arrivals within 5 minutes of the first are gathered in one mail due at the end of the window; after it, the next is mailed at once', async () => {
    const customer = await signUp('es')
    const first = await register(customer)
    const next = [await register(customer), await register(customer), await register(customer)]
    const mails = await mailsOf(customer)
    expect(mails.map((mail) => [mail.payload.gathered, mail.due_now, mail.payload.packages!.map((p) => p.tracking_code)])).toEqual([
      [false, true, [first]],
      [true, false, next],
    ])
    expect(Number(mails[1]!.window_minutes)).toBe(5)

    // The window has passed: a new arrival is a first again.
    await db.owner(`update public.mail_outbox set created_at = created_at - interval '6 minutes', next_attempt_at = next_attempt_at - interval '6 minutes' where user_id = $1`, [customer.sub])
    const later = await register(customer)
    const after = await mailsOf(customer)
    expect(after).toHaveLength(3)
    expect(after.at(-1)!.payload).toMatchObject({ gathered: false, packages: [{ tracking_code: later }] })
  })

  it('an arrival after its window was claimed by the sender is not lost: it is mailed at once', async () => {
    await drain()
    const customer = await signUp('es')
    await register(customer)
    await register(customer)
    // The window ends (as if 5 minutes went by), and the sender claims it, while the first still counts as recent.
    await db.owner(`update public.mail_outbox set next_attempt_at = now() where user_id = $1 and idempotency_key like 'arrivals_after:%'`, [customer.sub])
    expect((await claim()).filter((mail) => mail.user_id === customer.sub)).toHaveLength(2)
    const late = await register(customer)
    const mails = await mailsOf(customer)
    expect(mails).toHaveLength(3)
    expect(mails.find((mail) => mail.status === 'queued')!.payload).toMatchObject({ packages: [{ tracking_code: late }] })
  })

  it('a muted kind is not mailed; a receipt always is, and cannot be muted', async () => {
    const customer = await signUp('es')
    await db.as(customer)(`update public.profiles set mail_muted = array['package_received'] where id = $1`, [customer.sub])
    await register(customer)
    expect(await mailsOf(customer)).toEqual([])
    expect(await db.attempt(customer, (query) => query(`update public.profiles set mail_muted = array['payment_received'] where id = $1`, [customer.sub]))).toMatchObject({ ok: false, code: '23514' })
    expect(await db.attempt(admin, (query) => query(`update public.profiles set mail_muted = '{}' where id = $1`, [customer.sub]))).toMatchObject({ ok: false, code: '42501' })

    await db.as(admin)(`select public.record_payment($1, $2, 1500, 'cash', null)`, [randomUUID(), customer.sub])
    const [receipt] = await mailsOf(customer)
    expect(receipt).toMatchObject({ kind: 'payment_received', lang: 'es' })
    expect(receipt!.payload.receipt_number).toEqual(expect.any(Number))
  })

  it("a storage reminder's mail says the daily fee that follows free storage, as the rates say when it is made", async () => {
    const customer = await signUp('es')
    const payload = { package_id: randomUUID(), tracking_code: 'STORE-1', last_free_day: '2026-12-03', days_left: 3 }
    await db.owner(`insert into public.notifications (user_id, kind, payload, source) values ($1, 'storage_ending', $2, $3)`, [customer.sub, JSON.stringify(payload), `storage_ending:${randomUUID()}`])
    const fee = (await db.owner<{ fee: number }>(`select public.rate_value('storage_fee_cents_per_day')::float8 as fee`))[0]!.fee
    expect(fee).toBeGreaterThan(0)
    const [mail] = await mailsOf(customer)
    expect(mail).toMatchObject({ kind: 'storage_ending', payload: { ...payload, fee_cents_per_day: fee } })
  })

  it('a shipment delivered is mailed once', async () => {
    const customer = await signUp('en')
    const [shipment] = await db.owner<{ id: string }>(
      `insert into public.shipments (user_id, service, options, address, declared_total_cents, estimate_cents, estimate)
       values ($1, 'standard', '{"insurance": false, "repack": false, "remove_invoices": false, "extra_protection": false}', '{}', 0, 0, '{}') returning id`,
      [customer.sub],
    )
    await db.owner(`insert into public.shipment_events (shipment_id, status) values ($1, 'in_customs'), ($1, 'delivered')`, [shipment!.id])
    const mails = await mailsOf(customer)
    expect(mails.map((mail) => [mail.kind, mail.payload.shipment_id])).toEqual([['shipment_delivered', shipment!.id]])
  })

  it('admins read the outbox; customers read none of it, and no API caller writes it', async () => {
    const customer = await signUp('es')
    await register(customer)
    expect(await mailsOf(customer, db.as(admin))).toHaveLength(1)
    expect(await mailsOf(customer, db.as(customer))).toEqual([])
    for (const caller of [admin, customer]) {
      const write = await db.attempt(caller, (query) => query(`update public.mail_outbox set status = 'sent' where user_id = $1`, [customer.sub]))
      expect(write).toMatchObject({ ok: false, code: '42501' })
      const insert = await db.attempt(caller, (query) =>
        query(`insert into public.mail_outbox (address, kind, lang, idempotency_key) values ('x@example.test', 'charge_due', 'es', $1)`, [randomUUID()]),
      )
      expect(insert).toMatchObject({ ok: false, code: '42501' })
      expect(await db.attempt(caller, (query) => query(`select * from public.claim_mail(10, '1 minute')`))).toMatchObject({ ok: false, code: '42501' })
    }
  })

  it('the sender claims what is due once, retries a failure later, gives up when told, and a lapsed claim is taken again with the same key', async () => {
    await drain()
    const customer = await signUp('es')
    await register(customer)
    const [claimed] = await claim()
    expect(claimed).toMatchObject({ user_id: customer.sub, status: 'sending', attempts: 1 })
    expect(await claim()).toEqual([])

    const failed = await db.as(service)<{ ok: boolean }>(`select public.mail_attempt_failed($1, 1, 'HTTP 500', '0 seconds') as ok`, [claimed!.id])
    expect(failed[0]!.ok).toBe(true)
    const [again] = await claim(100, '0 seconds')
    expect(again).toMatchObject({ id: claimed!.id, attempts: 2, last_error: 'HTTP 500', idempotency_key: claimed!.idempotency_key })

    // The claim lapsed (held 0 s): another run takes it; the first run's late answer changes nothing.
    const [retaken] = await claim()
    expect(retaken).toMatchObject({ id: claimed!.id, attempts: 3 })
    const late = await db.as(service)<{ ok: boolean }>(`select public.mail_sent($1, 2, 'late') as ok`, [claimed!.id])
    expect(late[0]!.ok).toBe(false)
    await db.as(service)(`select public.mail_attempt_failed($1, 3, 'HTTP 503', null)`, [claimed!.id])
    const [final] = await mailsOf(customer, db.as(admin))
    expect(final).toMatchObject({ status: 'failed', attempts: 3, last_error: 'HTTP 503', provider_id: null })
    expect(await claim()).toEqual([])
  })

  it('a mail sent keeps its provider id and is never claimed again', async () => {
    await drain()
    const customer = await signUp('en')
    await register(customer)
    const [claimed] = await claim()
    await db.as(service)(`select public.mail_sent($1, 1, 'resend-123')`, [claimed!.id])
    expect(await mailsOf(customer)).toMatchObject([{ status: 'sent', provider_id: 'resend-123' }])
    await db.owner(`update public.mail_outbox set next_attempt_at = now() - interval '1 hour' where id = $1`, [claimed!.id])
    expect(await claim()).toEqual([])
  })
})
