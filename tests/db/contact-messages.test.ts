import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactLimits } from '@/components/contact-limits'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine } from './engines.ts'

// The contact form on PGlite and PostgreSQL 15: a message is stored through send_contact_message by
// anyone, with its acknowledgement queued in the sender's language; a bot that fills the honeypot is
// answered as if sent and nothing is kept; an address sends at most 5 an hour; the fields' limits are
// the form's; a customer reads only their own, staff (clerks and admins) all, anon nothing; only staff
// answer, once, and the answer is mailed and kept.

type User = JwtClaims & { sub: string }
const anon = null

interface Message {
  id: string
  user_id: string | null
  email: string
  lang: string
  subject: string
  body: string
  status: string
  answer: string | null
  answered_by: string | null
}

interface Mail {
  address: string
  kind: string
  lang: string
  user_id: string | null
  payload: Record<string, unknown>
}

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User
  let clerk: User

  const address = () => `${randomUUID()}@example.test`
  const send = (caller: JwtClaims | null, fields: { name?: string; email: string; body?: string; lang?: string; website?: string; subject?: string }) =>
    db.as(caller)(`select public.send_contact_message($1, $2, $3, $4, $5, $6)`, [
      fields.name ?? 'Ana Pérez',
      fields.email,
      fields.subject ?? 'tracking',
      fields.body ?? '¿Dónde está mi paquete?',
      fields.lang ?? 'es',
      fields.website ?? '',
    ])
  /** The refusal's SQLSTATE, key and detail, or null when the call went through. */
  const refusal = async (call: Promise<unknown>) => {
    try {
      await call
      return null
    } catch (error) {
      const { code, hint, detail } = error as { code?: string; hint?: string; detail?: string }
      return { code, hint, detail: detail ? (JSON.parse(detail) as unknown) : undefined }
    }
  }
  const messagesFrom = (email: string) => db.owner<Message>(`select * from public.contact_messages where email = $1 order by created_at`, [email])
  const mailsTo = (email: string) => db.owner<Mail>(`select * from public.mail_outbox where address = $1 order by created_at`, [email])

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
    clerk = await createApiUser(db, 'clerk')
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  it("a visitor's message is stored and acknowledged by mail in the page's language", async () => {
    const email = address()
    await send(anon, { email: `  ${email.toUpperCase()} `, body: '  Where is my package?  ', lang: 'en' })
    const [message] = await messagesFrom(email)
    expect(message).toMatchObject({ user_id: null, email, lang: 'en', subject: 'tracking', body: 'Where is my package?', status: 'open', answer: null })
    expect(await mailsTo(email)).toEqual([
      expect.objectContaining({ kind: 'contact_received', lang: 'en', user_id: null, payload: { message_id: message!.id, subject: 'tracking', body_excerpt: 'Where is my package?' } }),
    ])
  })

  it("a signed-in customer's message is theirs, acknowledged in their own language", async () => {
    const customer = await createApiUser(db)
    await db.owner(`update public.profiles set lang = 'en' where id = $1`, [customer.sub])
    const email = address()
    await send(customer, { email, lang: 'es' })
    expect(await messagesFrom(email)).toEqual([expect.objectContaining({ user_id: customer.sub, lang: 'en' })])
    expect(await mailsTo(email)).toEqual([expect.objectContaining({ kind: 'contact_received', lang: 'en', user_id: customer.sub })])
  })

  it('a bot that fills the honeypot is answered as if it was sent, and nothing is stored or mailed', async () => {
    const email = address()
    expect(await refusal(send(anon, { email, website: 'http://spam.example' }))).toBeNull()
    expect(await messagesFrom(email)).toEqual([])
    expect(await mailsTo(email)).toEqual([])
  })

  it("takes each field up to the form's limit and refuses one past it", async () => {
    const email = address()
    const longest = { name: 'n'.repeat(contactLimits.name), body: '😀'.repeat(contactLimits.message) }
    expect(await refusal(send(anon, { email, ...longest }))).toBeNull()
    const longEmail = `${'e'.repeat(contactLimits.email - '@example.test'.length)}@example.test`
    expect(await refusal(send(anon, { email: longEmail }))).toBeNull()

    const refused = { code: '22023', hint: 'bad_contact_message' }
    expect(await refusal(send(anon, { email, name: 'n'.repeat(contactLimits.name + 1) }))).toMatchObject(refused)
    expect(await refusal(send(anon, { email, body: 'b'.repeat(contactLimits.message + 1) }))).toMatchObject(refused)
    expect(await refusal(send(anon, { email: `e${longEmail}` }))).toMatchObject(refused)
    expect(await refusal(send(anon, { email, name: '   ' }))).toMatchObject(refused)
    expect(await refusal(send(anon, { email: 'ana@' }))).toMatchObject(refused)
    expect(await refusal(send(anon, { email, subject: 'other' }))).toMatchObject(refused)
    expect(await messagesFrom(email)).toHaveLength(1)
  })

  it('an address sends at most 5 messages an hour; other addresses are not held back', async () => {
    const email = address()
    for (let i = 0; i < contactLimits.messagesPerHour; i++) await send(anon, { email: i % 2 ? email.toUpperCase() : email })
    expect(await refusal(send(anon, { email }))).toEqual({ code: '54000', hint: 'contact_rate_limited', detail: { max: contactLimits.messagesPerHour } })
    expect(await messagesFrom(email)).toHaveLength(contactLimits.messagesPerHour)
    expect(await refusal(send(anon, { email: address() }))).toBeNull()

    await db.owner(`update public.contact_messages set created_at = created_at - interval '61 minutes' where email = $1`, [email])
    expect(await refusal(send(anon, { email }))).toBeNull()
  })

  it('a customer reads only their own messages, staff all, anon none; nobody writes the table directly', async () => {
    const customer = await createApiUser(db)
    const other = await createApiUser(db)
    await send(customer, { email: address() })
    await send(other, { email: address() })
    await send(anon, { email: address() })

    const own = await db.as(customer)<Message>(`select * from public.contact_messages`)
    expect(own.map((row) => row.user_id)).toEqual([customer.sub])
    for (const staff of [clerk, admin]) {
      const all = await db.as(staff)<Message>(`select * from public.contact_messages`)
      expect(all.map((row) => row.user_id)).toEqual(expect.arrayContaining([customer.sub, other.sub, null]))
    }
    expect(await refusal(db.as(anon)(`select * from public.contact_messages`))).toMatchObject({ code: '42501' })

    for (const caller of [customer, clerk, admin]) {
      expect(await db.attempt(caller, (query) => query(`insert into public.contact_messages (name, email, lang, subject, body) values ('x', 'x@x.x', 'es', 'general', 'x')`))).toMatchObject({ ok: false, code: '42501' })
      expect(await db.attempt(caller, (query) => query(`update public.contact_messages set status = 'answered'`))).toMatchObject({ ok: false, code: '42501' })
    }
  })

  it('only staff answer (a clerk at the desk): the answer is kept, mailed to the sender in their language, and sent again changes nothing', async () => {
    const customer = await createApiUser(db)
    const email = address()
    await send(anon, { email, lang: 'en', subject: 'billing' })
    const [message] = await messagesFrom(email)
    const answer = (caller: JwtClaims | null, text: string) => db.as(caller)(`select * from public.answer_contact_message($1, $2)`, [message!.id, text])

    expect(await refusal(answer(customer, 'No'))).toMatchObject({ code: '42501', hint: 'staff_only' })
    expect(await refusal(answer(anon, 'No'))).toMatchObject({ code: '42501' })
    expect(await refusal(answer(admin, '  '))).toMatchObject({ code: '22023', hint: 'bad_contact_answer', detail: { max: contactLimits.answer } })
    expect(await refusal(answer(admin, 'a'.repeat(contactLimits.answer + 1)))).toMatchObject({ hint: 'bad_contact_answer' })
    expect(await messagesFrom(email)).toEqual([expect.objectContaining({ status: 'open', answer: null })])

    const [answered] = await answer(clerk, ' It left Miami today. ')
    expect(answered).toMatchObject({ status: 'answered', answer: 'It left Miami today.', answered_by: clerk.sub })
    expect(await messagesFrom(email)).toEqual([expect.objectContaining({ status: 'answered', answer: 'It left Miami today.', answered_by: clerk.sub })])
    const answerMail = { kind: 'contact_answered', lang: 'en', payload: { message_id: message!.id, subject: 'billing', answer: 'It left Miami today.' } }
    expect(await mailsTo(email)).toEqual([expect.objectContaining({ kind: 'contact_received' }), expect.objectContaining(answerMail)])

    expect(await answer(admin, 'It left Miami today.')).toEqual([answered])
    expect(await refusal(answer(admin, 'Another answer'))).toMatchObject({ code: 'PT409', hint: 'contact_message_answered' })
    expect(await mailsTo(email)).toHaveLength(2)
    expect(await refusal(db.as(admin)(`select public.answer_contact_message($1, 'x')`, [randomUUID()]))).toMatchObject({ hint: 'contact_message_not_found' })
  })
})
