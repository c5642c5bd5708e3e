import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine } from './engines.ts'

// Suppressed addresses and failed mail on PGlite and PostgreSQL 15: the provider's bounce or complaint
// (recorded once per event) stops new mail to the address and what was queued to it, and flags the
// customer; an admin lifts it and mail goes again; an admin queues a failed mail again with its key;
// only admins read these or act on them, and only the service role records a suppression.

type User = JwtClaims & { sub: string }

interface Mail {
  id: string
  status: string
  attempts: number
  last_error: string | null
  idempotency_key: string
}

const service: JwtClaims = { role: 'service_role' }

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User

  const emailOf = (user: User) => `${user.sub}@example.test`
  const register = (customer: User) =>
    db.as(admin)(`select public.register_package($1, $2, $3, $4, 'recibido', $5, 2.5, 0.02, null)`, [randomUUID(), randomUUID(), customer.sub, randomUUID(), `SUP-${randomUUID().slice(0, 8)}`])
  const mailsOf = (customer: User) => db.owner<Mail>(`select * from public.mail_outbox where user_id = $1 order by created_at`, [customer.sub])
  const claim = () => db.as(service)<Mail & { user_id: string }>(`select * from public.claim_mail(500, '2 minutes')`)
  const suppress = (address: string, reason = 'hard_bounce', event = `msg_${randomUUID()}`) =>
    db.as(service)<{ suppressed: boolean }>(`select public.suppress_mail_address($1, $2, $3, 'mailbox does not exist') as suppressed`, [address, reason, event]).then((rows) => rows[0]!.suppressed)
  const standing = (customer: User) =>
    db.owner<{ id: string; reason: string; user_id: string }>(`select id, reason, user_id from public.mail_suppressions where user_id = $1 and lifted_at is null`, [customer.sub])
  /** Settles whatever earlier tests left due, so a claim sees only this test's mail. */
  const drain = async () => {
    for (const mail of await claim()) await db.as(service)(`select public.mail_sent($1, $2, 'drained')`, [mail.id, mail.attempts])
  }
  const customer = () => createApiUser(db)

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  it('a hard bounce stops new mail to the address and flags its customer; a repeat of the event changes nothing', async () => {
    const ana = await customer()
    const event = `msg_${randomUUID()}`
    expect(await suppress(emailOf(ana).toUpperCase(), 'hard_bounce', event)).toBe(true)
    expect(await suppress(emailOf(ana), 'hard_bounce', event)).toBe(false)
    expect(await suppress(emailOf(ana), 'complaint')).toBe(false)
    expect(await standing(ana)).toMatchObject([{ reason: 'hard_bounce', user_id: ana.sub }])

    await register(ana)
    expect(await mailsOf(ana)).toEqual([])
  })

  it('mail queued before the suppression is not sent: the sender finds it suppressed', async () => {
    const ben = await customer()
    const other = await customer()
    await drain()
    await register(ben)
    await register(other)
    await suppress(emailOf(ben), 'complaint')

    expect((await claim()).map((mail) => mail.user_id)).toEqual([other.sub])
    expect(await mailsOf(ben)).toMatchObject([{ status: 'suppressed', attempts: 0 }])
  })

  it('an admin lifts a suppression: mail goes to the address again', async () => {
    const eva = await customer()
    await suppress(emailOf(eva))
    const [suppression] = await standing(eva)
    await db.as(admin)(`select public.lift_mail_suppression($1)`, [suppression!.id])
    await db.as(admin)(`select public.lift_mail_suppression($1)`, [suppression!.id])
    expect(await standing(eva)).toEqual([])
    await register(eva)
    expect(await mailsOf(eva)).toMatchObject([{ status: 'queued' }])
    expect(await db.attempt(admin, (query) => query(`select public.lift_mail_suppression($1)`, [randomUUID()]))).toMatchObject({ ok: false, code: 'PT404' })
  })

  it('an admin queues a failed mail again, due now, with a full round of attempts and the same key; nothing else', async () => {
    const leo = await customer()
    await drain()
    await register(leo)
    const [claimed] = await claim()
    await db.as(service)(`select public.mail_attempt_failed($1, $2, 'HTTP 500', null)`, [claimed!.id, claimed!.attempts])
    expect(await mailsOf(leo)).toMatchObject([{ status: 'failed', last_error: 'HTTP 500' }])

    await db.as(admin)(`select public.retry_mail($1)`, [claimed!.id])
    expect(await mailsOf(leo)).toEqual([expect.objectContaining({ status: 'queued', attempts: 0, last_error: null, idempotency_key: claimed!.idempotency_key })])
    expect((await claim()).map((mail) => mail.id)).toEqual([claimed!.id])
    // Only a failed mail: this one is being sent.
    expect(await db.attempt(admin, (query) => query(`select public.retry_mail($1)`, [claimed!.id]))).toMatchObject({ ok: false, code: 'PT409', message: expect.stringContaining('not a failed mail') })
  })

  it('a failed mail to a suppressed address is not queued again', async () => {
    const mia = await customer()
    await drain()
    await register(mia)
    const [claimed] = await claim()
    await db.as(service)(`select public.mail_attempt_failed($1, $2, 'HTTP 422', null)`, [claimed!.id, claimed!.attempts])
    await suppress(emailOf(mia))
    expect(await db.attempt(admin, (query) => query(`select public.retry_mail($1)`, [claimed!.id]))).toMatchObject({ ok: false, code: 'PT409', message: expect.stringContaining('suppressed address') })
  })

  it('only admins read suppressions and act on them; only the service role records one', async () => {
    const zoe = await customer()
    await suppress(emailOf(zoe))
    const [suppression] = await standing(zoe)
    expect(await db.as(admin)(`select address from public.mail_suppressions where id = $1`, [suppression!.id])).toEqual([{ address: emailOf(zoe) }])
    for (const caller of [zoe, null]) {
      expect(await db.as(caller)(`select * from public.mail_suppressions`).catch((error: { code?: string }) => error.code)).toEqual(caller ? [] : '42501')
      expect(await db.attempt(caller, (query) => query(`select public.lift_mail_suppression($1)`, [suppression!.id]))).toMatchObject({ ok: false, code: '42501' })
      expect(await db.attempt(caller, (query) => query(`select public.retry_mail($1)`, [randomUUID()]))).toMatchObject({ ok: false, code: '42501' })
      expect(await db.attempt(caller, (query) => query(`select public.suppress_mail_address($1, 'complaint', 'evt')`, [emailOf(zoe)]))).toMatchObject({ ok: false, code: '42501' })
      expect(await db.attempt(caller, (query) => query(`delete from public.mail_suppressions`))).toMatchObject({ ok: false, code: '42501' })
    }
    expect(await db.attempt(admin, (query) => query(`select public.suppress_mail_address($1, 'complaint', 'evt')`, [emailOf(zoe)]))).toMatchObject({ ok: false, code: '42501' })
    expect(await db.attempt(admin, (query) => query(`update public.mail_suppressions set lifted_at = now()`))).toMatchObject({ ok: false, code: '42501' })
    expect(await standing(zoe)).toHaveLength(1)
  })
})
