import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Engine, createApiUser, engines } from './engines.ts'
import type { Claims } from './role-fixture.ts'

interface Line {
  id: string
  actor_id: string | null
  actor_role: string
  action: string
  table_name: string
  row_id: string
  changed: string[]
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

describe.each(engines)('$engine: the audit log', ({ open }) => {
  let db: Engine
  let admin: Claims
  let clerk: Claims
  let customer: Claims

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
    clerk = await createApiUser(db, 'clerk')
    customer = await createApiUser(db)
  }, 120_000)
  afterAll(() => db?.close())

  /** The lines about one row, oldest first. */
  const linesOf = (rowId: string) =>
    db.owner<Line>(`select id::text, actor_id, actor_role, action, table_name, row_id, changed, before, after from public.audit_log a where row_id = $1 order by a.id`, [rowId])
  const register = async () => {
    const id = randomUUID()
    await db.as(clerk)(`select public.register_package($1, $2, $3, $4, 'recibido', $5, 2.5, 0.02, null)`, [randomUUID(), id, customer.sub, randomUUID(), `AUD-${id.slice(0, 8)}`])
    return id
  }
  const entry = async (caller: Claims, call: string, params: unknown[]) => {
    const [row] = await db.as(caller)<{ entry: { id: string } }>(`select ${call} as entry`, params)
    return row!.entry.id
  }

  it('money: a line for each posting by staff (who, their role, the line), none for the customer’s own or the daily fees', async () => {
    const payment = await entry(clerk, `public.record_payment($1, $2, 2500, 'cash', 'recibo 7')`, [randomUUID(), customer.sub])
    const credit = await entry(admin, `public.grant_credit($1, $2, 300, 'Cortesía')`, [randomUUID(), customer.sub])
    const adjustment = await entry(admin, `public.post_adjustment($1, $2, 150, 'Corrección')`, [randomUUID(), customer.sub])
    const refund = await entry(admin, `public.refund_payment($1, $2, 500, 'Devolución')`, [randomUUID(), payment])
    const lines = await Promise.all([payment, credit, adjustment, refund].map(async (id) => (await linesOf(id))))
    expect(lines.map((found) => found.map((line) => [line.action, line.actor_role, line.table_name]))).toEqual([
      [['money.payment', 'clerk', 'account_entries']],
      [['money.credit', 'admin', 'account_entries']],
      [['money.adjustment', 'admin', 'account_entries']],
      [['money.refund', 'admin', 'account_entries']],
    ])
    expect(lines[0]![0]).toMatchObject({ actor_id: clerk.sub, changed: [], before: null, after: { amount_cents: -2500, kind: 'payment', method: 'cash', user_id: customer.sub } })

    // A card payment from Stripe's webhook (the service role, for no staff member) is no staff action;
    // a card refund is always a manager's, made in the app or in Stripe's dashboard.
    const service = db.as({ role: 'service_role' })
    const intent = `pi_${randomUUID().slice(0, 8)}`
    const card = await service<{ entry: { id: string } }>(`select public.post_card_payment($1, $2, 1000, $3) as entry`, [`checkout:${randomUUID()}`, customer.sub, intent])
    expect(await linesOf(card[0]!.entry.id)).toEqual([])
    const cardRefund = await service<{ entry: { id: string } }>(`select public.post_card_refund($1, $2, 400, 'Devuelto') as entry`, [`re_${randomUUID().slice(0, 8)}`, intent])
    expect((await linesOf(cardRefund[0]!.entry.id)).map((line) => [line.action, line.actor_id, line.actor_role])).toEqual([['money.refund', null, 'service_role']])
  })

  it('money: a clerk cancelling an approved shipment reverses its charge under the clerk’s name; the customer’s approval is their own', async () => {
    const packageId = await register()
    const shipment = randomUUID()
    await db.as(customer)(`select public.request_shipment($1, $2, $3::uuid[], 'standard', '{}'::jsonb, $4::jsonb, $5::jsonb)`, [randomUUID(), shipment, [packageId],
      JSON.stringify([{ description: 'Shoes', quantity: 1, unit_value_usd: 50 }]),
      JSON.stringify({ name: 'Cliente', address: 'Av. Principal 1', city: 'Caracas', postal_code: '1060', country: 'Venezuela', phone: '+58 412 555 0142', id_number: 'V-1' })])
    const step = `select public.advance_shipment(gen_random_uuid(), $1, $2, (select s.version from public.shipments s where s.id = $1), null, $3::jsonb)`
    await db.as(clerk)(step, [shipment, 'processing', '{}'])
    await db.as(clerk)(step, [shipment, 'awaiting_approval', JSON.stringify({ weight_kg: 3.5, length_cm: 40, width_cm: 30, height_cm: 20 })])
    const [{ cents }] = (await db.owner<{ cents: number }>(`select final_cents::int as cents from public.shipments where id = $1`, [shipment])) as [{ cents: number }]
    await db.as(customer)(`select public.approve_shipment(gen_random_uuid(), $1, $2)`, [shipment, cents])
    await db.as(clerk)(`select public.cancel_shipment(gen_random_uuid(), $1)`, [shipment])
    const entries = await db.owner<{ id: string; kind: string }>(`select id, kind from public.account_entries where shipment_id = $1 order by created_at`, [shipment])
    expect(entries.map((row) => row.kind)).toEqual(['shipment_charge', 'reversal'])
    expect(await linesOf(entries[0]!.id)).toEqual([])
    expect((await linesOf(entries[1]!.id)).map((line) => [line.action, line.actor_id, line.actor_role])).toEqual([['money.reversal', clerk.sub, 'clerk']])
  })

  it('rates and plans: each change, with the value before and after', async () => {
    const [rate] = await db.owner<{ cents: number }>(`select value::int as cents from public.rates where key = 'photos_cents'`)
    await db.as(admin)(`select public.set_rates(jsonb_build_object('photos_cents', $1::int))`, [rate!.cents + 25])
    expect((await linesOf('photos_cents')).at(-1)).toMatchObject({
      actor_id: admin.sub, actor_role: 'admin', action: 'rate.update', table_name: 'rates', changed: ['value'],
      before: { value: rate!.cents }, after: { value: rate!.cents + 25 },
    })
    await db.owner(`update public.plans set free_storage_days = free_storage_days + 1 where id = 'premium'`)
    expect((await linesOf('premium')).at(-1)).toMatchObject({ actor_id: null, actor_role: 'system', action: 'plan.update', changed: ['free_storage_days'] })
  })

  it('roles and users: a role change by anyone, staff’s edits of someone else, a deletion; never a customer’s own edit, nor the values of their personal data', async () => {
    const other = await createApiUser(db)
    await db.as(admin)(`update public.profiles set role = 'clerk', full_name = 'Nueva Empleada' where id = $1`, [other.sub])
    await db.as(admin)(`update public.profiles set plan = 'premium', phone = '+1 305 555 0199' where id = $1`, [other.sub])
    await db.as(customer)(`update public.profiles set full_name = 'Me' where id = $1`, [customer.sub])
    await db.owner(`delete from auth.users where id = $1`, [other.sub])
    expect(await linesOf(customer.sub)).toEqual([])
    const lines = await linesOf(other.sub)
    expect(lines.map(({ action, actor_role, changed, before, after }) => ({ action, actor_role, changed, before, after }))).toEqual([
      { action: 'role.change', actor_role: 'admin', changed: ['full_name', 'role'], before: { role: 'user' }, after: { role: 'clerk' } },
      { action: 'profile.update', actor_role: 'admin', changed: ['phone', 'plan'], before: { plan: 'basic' }, after: { plan: 'premium' } },
      { action: 'profile.delete', actor_role: 'system', changed: [], before: { id: other.sub, plan: 'premium', role: 'clerk' }, after: null },
    ])
  })

  it('content: publishing, unpublishing and deleting an article or an answer; saving a draft is not a line', async () => {
    const id = randomUUID()
    const article = (status: string) => JSON.stringify({ category: 'events', author_name: 'Staff', status, published_at: '2026-01-01T00:00:00Z',
      texts: { es: { slug: `auditoria-${id.slice(0, 8)}`, title: 'Auditoría', body_md: 'Texto' } } })
    await db.as(admin)(`select public.save_article($1, $2, 0, $3::jsonb)`, [randomUUID(), id, article('draft')])
    await db.as(admin)(`select public.save_article($1, $2, 1, $3::jsonb)`, [randomUUID(), id, article('published')])
    await db.as(admin)(`select public.save_article($1, $2, 2, $3::jsonb)`, [randomUUID(), id, article('draft')])
    await db.as({ role: 'service_role' })(`delete from public.articles where id = $1`, [id])
    expect((await linesOf(id)).map((line) => [line.action, line.actor_role])).toEqual([
      ['article.publish', 'admin'],
      ['article.unpublish', 'admin'],
      ['article.delete', 'service_role'],
    ])
    const faq = randomUUID()
    await db.as(admin)(`select public.save_faq($1, $2, 0, '{"question_es": "¿Auditoría?", "answer_es": "Sí"}'::jsonb)`, [randomUUID(), faq])
    await db.as(admin)(`select public.save_faq($1, $2, 1, '{"question_es": "¿Auditoría?", "answer_es": "Sí", "published": false}'::jsonb)`, [randomUUID(), faq])
    await db.as({ role: 'service_role' })(`delete from public.faqs where id = $1`, [faq])
    expect((await linesOf(faq)).map((line) => line.action)).toEqual(['faq.publish', 'faq.unpublish', 'faq.delete'])
  })

  it('packages: an admin’s deletion and its undoing; a clerk may not delete one (admins_only) and leaves no line', async () => {
    const id = await register()
    const byClerk = await db.attempt(clerk, (query) => query(`update public.packages set deleted_at = now() where id = $1`, [id]))
    expect(byClerk).toMatchObject({ ok: false, code: '42501', message: 'permission denied: only admins delete a package' })
    await db.as(clerk)(`update public.packages set tracking_code = 'AUD-EDITED' where id = $1`, [id])
    await db.as(admin)(`update public.packages set deleted_at = now() where id = $1`, [id])
    await db.as(admin)(`update public.packages set deleted_at = null where id = $1`, [id])
    const lines = await linesOf(id)
    expect(lines.map((line) => [line.action, line.actor_id, line.changed])).toEqual([
      ['package.delete', admin.sub, ['deleted_at']],
      ['package.restore', admin.sub, ['deleted_at']],
    ])
    expect(lines[0]!.before).toEqual({ deleted_at: null })
  })

  it('no one changes or deletes a line: the API roles have no privilege, and the owner meets the trigger', async () => {
    const [line] = await db.owner<{ id: string }>(`select id::text from public.audit_log order by id desc limit 1`)
    for (const caller of [null, customer, clerk, admin, { role: 'service_role' as const }]) {
      for (const sql of [`update public.audit_log set action = 'forged' where id = $1`, `delete from public.audit_log where id = $1`]) {
        expect(await db.attempt(caller, (query) => query(sql, [line!.id]))).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied for table audit_log/) })
      }
    }
    for (const sql of [`update public.audit_log set action = 'forged' where id = ${line!.id}`, `delete from public.audit_log where id = ${line!.id}`, 'truncate public.audit_log']) {
      expect(await db.attempt('owner', (query) => query(sql))).toMatchObject({ ok: false, code: '42501', message: 'the audit log is never changed nor deleted' })
    }
  })

  it('admins read it; clerks and customers read nothing, and audit_log_page refuses them (admins_only)', async () => {
    await entry(clerk, `public.record_payment($1, $2, 100, 'zelle', null)`, [randomUUID(), customer.sub])
    for (const caller of [customer, clerk]) {
      expect(await db.as(caller)(`select id from public.audit_log`)).toEqual([])
      expect(await db.attempt(caller, (query) => query(`select public.audit_log_page()`))).toMatchObject({ ok: false, code: '42501', message: 'permission denied: only admins read the audit log' })
    }
    expect((await db.as(admin)<{ n: number }>(`select count(*)::int as n from public.audit_log`))[0]!.n).toBeGreaterThan(0)
  })

  describe('audit_log_page', () => {
    type Page = { lines: (Line & { at: string; actor_name: string | null })[]; next: string | null }
    const page = async (args: Record<string, unknown>) => {
      const [row] = await db.as(admin)<{ page: Page }>(
        `select public.audit_log_page(p_actor => $1, p_action => $2, p_table => $3, p_from => $4, p_to => $5, p_before => $6, p_limit => $7) as page`,
        [args.actor ?? null, args.action ?? null, args.table ?? null, args.from ?? null, args.to ?? null, args.before ?? null, args.limit ?? null],
      )
      return row!.page
    }

    it('pages newest first by (at, id) through the cursor it returns, each line once, until next is null', async () => {
      const payer = await createApiUser(db, 'clerk')
      const ids = []
      for (let i = 0; i < 5; i++) ids.push(await entry(payer, `public.record_payment($1, $2, $3, 'cash', null)`, [randomUUID(), customer.sub, 100 + i]))
      const seen: string[] = []
      let before: string | null = null
      do {
        const { lines, next }: Page = await page({ actor: payer.sub, limit: 2, before })
        expect(lines.length).toBeLessThanOrEqual(2)
        seen.push(...lines.map((line) => line.row_id))
        before = next
      } while (before)
      expect(seen).toEqual([...ids].reverse())
    })

    it('filters by actor, action, table and time range together, and names the actor', async () => {
      const payer = await createApiUser(db, 'clerk')
      await db.owner(`update public.profiles set full_name = 'Carla Caja' where id = $1`, [payer.sub])
      const earlier = await entry(payer, `public.record_payment($1, $2, 600, 'cash', null)`, [randomUUID(), customer.sub])
      const [{ between }] = (await db.owner<{ between: string }>(`select clock_timestamp()::text as between`)) as [{ between: string }]
      const later = await entry(payer, `public.record_payment($1, $2, 700, 'cash', null)`, [randomUUID(), customer.sub])
      const { lines, next } = await page({ actor: payer.sub, action: 'money.payment', table: 'account_entries', from: between })
      expect({ rows: lines.map((line) => line.row_id), next, name: lines[0]?.actor_name, role: lines[0]?.actor_role }).toEqual({ rows: [later], next: null, name: 'Carla Caja', role: 'clerk' })
      expect((await page({ actor: payer.sub, to: between })).lines.map((line) => line.row_id)).toEqual([earlier])
      expect((await page({ actor: payer.sub, action: 'money.credit' })).lines).toEqual([])
      expect((await page({ actor: payer.sub, table: 'profiles' })).lines).toEqual([])
    })

    it('refuses a cursor it did not make (bad_request)', async () => {
      expect(await db.attempt(admin, (query) => query(`select public.audit_log_page(p_before => 'yesterday')`))).toMatchObject({
        ok: false, code: '22023', message: 'p_before must be a cursor this function returned' })
    })
  })
})
